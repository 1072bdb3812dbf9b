import Foundation
import NavGraphKit
import XCTest

/// What installing navgraph relies on: the Homebrew formula builds the version the binary reports, and the
/// package has one executable product (Mint builds and links every executable product it declares).
final class PackagingTests: XCTestCase {
    private func text(_ path: String) throws -> String {
        try String(contentsOf: Repo.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testHomebrewFormulaBuildsTheCurrentVersion() throws {
        let formula = try text("Formula/navgraph.rb")
        XCTAssertTrue(formula.contains("tag: \"\(NavGraphVersion.current)\""),
                      "Formula/navgraph.rb's url tag is not navgraph's version \(NavGraphVersion.current)")
        XCTAssertTrue(formula.contains("bin.install \".build/release/navgraph\""))
    }

    func testTheOnlyExecutableProductIsNavgraph() throws {
        let manifest = try text("Package.swift")
        let products = manifest.components(separatedBy: "\n").filter { $0.contains(".executable(name:") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(products, [#".executable(name: "navgraph", targets: ["navgraph"]),"#])
    }
}
