// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PredicateEngine",
    products: [
        .library(name: "Predicates", targets: ["Predicates"]),
        .library(name: "KeyPaths", targets: ["KeyPaths"]),
        .library(name: "Evaluation", targets: ["Evaluation"]),
        .executable(name: "predicate", targets: ["predicate"]),
    ],
    targets: [
        .target(name: "KeyPaths"),
        .target(name: "Predicates", dependencies: ["KeyPaths"]),
        .target(name: "Evaluation", dependencies: ["Predicates", "KeyPaths"]),
        .target(name: "PredicateCLI", dependencies: ["Predicates", "KeyPaths", "Evaluation"]),
        .executableTarget(name: "predicate", dependencies: ["PredicateCLI"]),
        .executableTarget(name: "predicate-bench", dependencies: ["Predicates", "Evaluation", "KeyPaths"]),
        .testTarget(name: "PredicatesTests", dependencies: ["Predicates"]),
        .testTarget(name: "KeyPathsTests", dependencies: ["KeyPaths"]),
        .testTarget(
            name: "EvaluationTests", dependencies: ["Evaluation", "Predicates", "KeyPaths"],
            exclude: ["Semantics"]),
        .testTarget(name: "PredicateCLITests", dependencies: ["PredicateCLI", "Predicates"]),
    ],
    swiftLanguageModes: [.v6]
)
