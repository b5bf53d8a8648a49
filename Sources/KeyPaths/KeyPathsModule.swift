/// Placeholder: replaced by the schema model.
public enum KeyPathsModule {}
