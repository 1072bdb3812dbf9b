import Foundation
import PackagePlugin

/// A build tool plugin: building a target it is applied to runs `navgraph lint` on the whole package (or,
/// in Xcode, the whole Xcode project: coordinators and screens of one app span its targets), and its
/// findings show as the build's warnings and errors, in Xcode's issue navigator. Errors fail the build, as
/// `navgraph lint` does; the project's `.navgraph.yml` applies.
/// It runs on every build (navgraph's cache of per-file facts makes an unchanged project quick).
@main
struct NavGraphLintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try [Self.lint(tool: context.tool(named: "navgraph").url, root: context.package.directoryURL.path,
                              work: context.pluginWorkDirectoryURL, target: target.name,
                              inputs: target.sourceFiles(withSuffix: "swift").map(\.url))]
    }

    /// A build command (not a prebuild one: the tool is built from source). It declares no outputs, so the
    /// build runs it every time (SwiftPM runs a command without outputs only in a package whose tools
    /// version is 6.0 or later; before, it warns and skips it).
    static func lint(tool: URL, root: String, work: URL, target: String, inputs: [URL]) throws -> Command {
        let cache = work.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        return .buildCommand(
            displayName: "navgraph lint (\(target))",
            executable: tool,
            arguments: PluginArguments.lint(root: root, cache: cache.path),
            inputFiles: inputs,
            outputFiles: []
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension NavGraphLintPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let swiftFiles = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        guard !swiftFiles.isEmpty else { return [] }
        // `directory`, a Path (deprecated: a warning), is the one XcodeProjectPlugin has had since Xcode 14.
        return try [Self.lint(tool: context.tool(named: "navgraph").url, root: context.xcodeProject.directory.string,
                              work: context.pluginWorkDirectoryURL, target: target.displayName, inputs: swiftFiles)]
    }
}
#endif
