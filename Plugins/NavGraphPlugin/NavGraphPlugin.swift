import Foundation
import PackagePlugin

/// `swift package navgraph <command> [PATH] [options]`: runs navgraph on the package. Without a PATH
/// it analyzes the package's own folder. Outputs inside the package are allowed (the plugin asks for
/// permission to write there), so `render -o docs/navigation.svg` and `--reporter sarif:navgraph.sarif` work.
@main
struct NavGraphPlugin: CommandPlugin {
    static let analyzing: Set<String> = ["analyze", "render", "lint", "chain", "routes", "diff"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "navgraph")
        var args = arguments.isEmpty ? ["lint"] : arguments
        if let command = args.first, Self.analyzing.contains(command) {
            let hasPath = args.count > 1 && !args[1].hasPrefix("-")
            if !hasPath { args.insert(context.package.directoryURL.path, at: 1) }
            if ["render", "lint", "analyze"].contains(command) && !args.contains("--allow-inside-tree") {
                args.append("--allow-inside-tree")
            }
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = args
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("navgraph \(args.first ?? "") exited with status \(process.terminationStatus)")
            exit(process.terminationStatus)
        }
    }
}
