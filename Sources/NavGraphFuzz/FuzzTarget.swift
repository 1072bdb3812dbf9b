import Foundation
import NavGraphKit

// libFuzzer entry point (built with `-sanitize=fuzzer`, see `make fuzz`). A first line `//fuzz: NAME`
// picks the target (FuzzHarness.Target): `configuration` (a .navgraph.yml), `glob` (a pattern line and a
// path line), `storyboard`, or `outputs` (Swift sources drawn in every format and reported by every lint
// reporter). Without it, one input is an app of one or more Swift files. A line `//>> Path/File.swift`
// starts a new file, so the fuzzer can grow programs whose types refer to each other across files and
// folders, as the seeds (the sample apps) do.
//
// A Swift input runs the stages navgraph runs on real code, on the large stack the pipeline uses:
// extraction, the cache's binary codec (a round trip of the facts, and decoding the raw input as if it
// were a corrupt cache file), indexing and symbolic instantiation, every rule, and the JSON and text
// renderers. Any trap, overflow or hang is a bug.

@_cdecl("LLVMFuzzerTestOneInput")
public func navgraphFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    FuzzHarness.run(bytes)
    return 0
}
