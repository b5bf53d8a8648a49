/// Placeholder.
public enum EvaluationModule {}
