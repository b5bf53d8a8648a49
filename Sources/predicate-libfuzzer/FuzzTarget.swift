import Evaluation
import Foundation
import KeyPaths
import Predicates

/// Coverage-guided fuzzing of the parser and the schema loaders with libFuzzer: a separate
/// build (README, "Fuzzing"), since libFuzzer supplies `main`:
///
/// ```sh
/// swift build --product predicate-libfuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLIBFUZZER -Xswiftc -use-ld=lld
/// SWIFT_BACKTRACE=enable=no .build/debug/predicate-libfuzzer Fuzz/corpus -max_total_time=60
/// ```
///
/// The first byte of an input chooses what reads the rest: a predicate format, a JSON schema,
/// an Xcode model, a JSON value (its value modulo 4), and for a format the arguments bound to
/// its specifiers (its value divided by 4; see ``FuzzRoundTrip``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let text = String(decoding: bytes, as: UTF8.self)
    switch data[0] % 4 {
    case 0: FuzzRoundTrip.check(text, variant: Int(data[0] / 4))
    case 1: _ = try? JSONSchemaLoader.load(data: bytes)
    case 2: _ = try? CoreDataModelLoader.load(data: bytes)
    default: _ = try? PredicateValue(jsonData: bytes)
    }
    return 0
}

#if LIBFUZZER
    /// libFuzzer's driver, which parses its command line and calls the target.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
    ) -> Int32

    /// The executable's entry point under SwiftPM (which names it after the module): hands
    /// over to libFuzzer.
    @_cdecl("predicate_libfuzzer_main")
    func libFuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    /// Without libFuzzer this executable only says how to build it.
    @main
    struct LibFuzzerHelp {
        static func main() {
            print(
                """
                predicate-libfuzzer is a libFuzzer target; build and run it with:
                  swift build --product predicate-libfuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLIBFUZZER \\
                    -Xswiftc -use-ld=lld
                  SWIFT_BACKTRACE=enable=no .build/debug/predicate-libfuzzer Fuzz/corpus -max_total_time=60
                """)
        }
    }
#endif
