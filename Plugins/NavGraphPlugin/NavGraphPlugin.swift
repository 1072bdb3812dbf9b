import Foundation
import PackagePlugin

/// `swift package navgraph <command> [PATH] [options]`: runs navgraph on the package. Without a PATH
/// it analyzes the package's own folder (`chain CartViewController`, `routes`). It declares no permission,
/// so commands that only print (`lint`, `chain`, `routes`) need no flag and no yes/no question; writing
/// inside the package (`render -o docs/navigation.svg`, `--reporter sarif:navgraph.sarif`) takes
/// `swift package --allow-writing-to-package-directory navgraph …`, which opens the sandbox to the package
/// whether or not a permission is declared. In Xcode (a right click on the project) it runs on the Xcode
/// project's folder.
@main
struct NavGraphPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try Self.run(tool: context.tool(named: "navgraph").url, root: context.package.directoryURL.path,
                     work: context.pluginWorkDirectoryURL, arguments: arguments)
    }

    static func run(tool: URL, root: String, work: URL, arguments: [String]) throws {
        let cache = work.appendingPathComponent("cache").path
        let args = PluginArguments.command(arguments, root: root, cache: cache) { PluginArguments.exists($0, root: root) }
        let process = Process()
        process.executableURL = tool
        process.arguments = args
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("navgraph \(args.first ?? "") exited with status \(process.terminationStatus)")
            if process.terminationStatus == 73 {
                Diagnostics.remark("to write inside the package, run `swift package --allow-writing-to-package-directory navgraph …`")
            }
            exit(process.terminationStatus)
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension NavGraphPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        // `directory`, a Path (deprecated: a warning), is the one XcodeProjectPlugin has had since Xcode 14.
        try Self.run(tool: context.tool(named: "navgraph").url, root: context.xcodeProject.directory.string,
                     work: context.pluginWorkDirectoryURL, arguments: PluginArguments.removingTargets(arguments))
    }
}
#endif
