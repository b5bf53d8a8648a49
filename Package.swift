// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PredicateEngine",
    products: [
        .library(name: "Predicates", targets: ["Predicates"]),
        .library(name: "KeyPaths", targets: ["KeyPaths"]),
        .library(name: "Evaluation", targets: ["Evaluation"]),
        .library(name: "ObjectStore", targets: ["ObjectStore"]),
        .library(name: "SQLiteDatabase", targets: ["SQLiteDatabase"]),
        .library(name: "PostgresDatabase", targets: ["PostgresDatabase"]),
        .executable(name: "predicate", targets: ["predicate"]),
    ],
    targets: [
        // The pipeline: KeyPaths (schema, key paths) <- Predicates (parse, check) <- Evaluation
        // (in memory, SQL lowering) <- ObjectStore (object graph, change sets, change matching).
        .target(name: "KeyPaths"),
        .target(name: "Predicates", dependencies: ["KeyPaths"]),
        .target(name: "Evaluation", dependencies: ["Predicates", "KeyPaths"]),
        .target(name: "ObjectStore", dependencies: ["Evaluation", "Predicates", "KeyPaths"]),
        // SQL helpers: the only targets (with the CLI and tests) that link a database library.
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        .target(name: "SQLiteDatabase", dependencies: ["CSQLite", "Evaluation", "Predicates"]),
        .target(name: "PostgresDatabase", dependencies: ["CLibPQ", "Evaluation"]),
        .target(
            name: "PredicateCLI",
            dependencies: ["Predicates", "KeyPaths", "Evaluation", "ObjectStore", "SQLiteDatabase", "PostgresDatabase"]),
        .executableTarget(name: "predicate", dependencies: ["PredicateCLI"]),
        .executableTarget(
            name: "predicate-bench",
            dependencies: ["Predicates", "Evaluation", "KeyPaths", "ObjectStore", "SQLiteDatabase", "PostgresDatabase"]),
        .executableTarget(
            name: "predicate-fuzz",
            dependencies: [
                "PredicateCLI", "Evaluation", "Predicates", "KeyPaths", "ObjectStore", "TestSupport",
                "GraphTestSupport",
            ]),
        // Coverage-guided fuzzing of the parser and the loaders (a libFuzzer build: README).
        .executableTarget(name: "predicate-libfuzzer", dependencies: ["Predicates", "KeyPaths", "Evaluation"]),
        // The README's Swift examples, one folder each: every main.swift is a code block of
        // README.md character for character, and its output is the block printed after it
        // (Tests/PredicateCLITests/ReadmeExampleTests.swift checks both). Without package access
        // they see only the public API, as a package that depends on this one does.
        .executableTarget(
            name: "example-quick-start", dependencies: ["Evaluation", "Predicates"], path: "Examples/quick-start",
            packageAccess: false),
        .executableTarget(
            name: "example-live-results", dependencies: ["Evaluation", "KeyPaths", "ObjectStore", "Predicates"],
            path: "Examples/live-results", packageAccess: false),
        .executableTarget(
            name: "example-sqlite-query",
            dependencies: ["Evaluation", "KeyPaths", "ObjectStore", "Predicates", "SQLiteDatabase"],
            path: "Examples/sqlite-query", packageAccess: false),
        .executableTarget(
            name: "example-core-data-store",
            dependencies: ["Evaluation", "KeyPaths", "ObjectStore", "Predicates", "SQLiteDatabase"],
            path: "Examples/core-data-store", packageAccess: false),
        // Shared by the test targets: the seeded generator, seed reading and shrinking.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Random schemas, graphs and predicates, shared by the graph and SQL differential tests.
        .target(
            name: "GraphTestSupport", dependencies: ["ObjectStore", "Predicates", "TestSupport"],
            path: "Tests/GraphTestSupport"),
        .testTarget(name: "PredicatesTests", dependencies: ["Predicates", "TestSupport"]),
        .testTarget(name: "KeyPathsTests", dependencies: ["KeyPaths", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "EvaluationTests", dependencies: ["Evaluation", "Predicates", "KeyPaths", "TestSupport"],
            exclude: ["Semantics"]),
        .testTarget(
            name: "ObjectStoreTests",
            dependencies: ["ObjectStore", "Evaluation", "Predicates", "KeyPaths", "TestSupport", "GraphTestSupport"]),
        .testTarget(
            name: "SQLTests",
            dependencies: [
                "SQLiteDatabase", "PostgresDatabase", "PredicateCLI", "ObjectStore", "Evaluation", "Predicates",
                "KeyPaths",
                "TestSupport", "GraphTestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(name: "PredicateCLITests", dependencies: ["PredicateCLI", "Predicates", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
