print("predicate")
