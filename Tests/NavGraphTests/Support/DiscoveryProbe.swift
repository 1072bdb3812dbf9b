import Foundation
import NavGraphDiscovery

enum NavGraphDiscoveryProbe {
    static func swiftFiles(_ dir: URL) throws -> [SourceFile] {
        try Discovery.discover(root: dir.path).files.filter { $0.kind == .swift }
    }
}
