import PredicateCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(PredicateTool.run(Array(CommandLine.arguments.dropFirst()), io: .standard))
