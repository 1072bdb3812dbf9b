import Foundation

/// What navgraph's plugins pass to the `navgraph` executable. It depends on Foundation only, so the test
/// target compiles this same file (through a symbolic link) and checks the mapping; both plugins link it too.
enum PluginArguments {
    /// Commands whose first argument is the folder to analyze.
    static let analyzing: Set<String> = ["analyze", "render", "lint", "chain", "routes", "diff"]
    /// Commands that read and write navgraph's cache of per-file facts.
    static let caching: Set<String> = ["analyze", "render", "lint", "chain", "routes"]

    /// navgraph's arguments for `swift package navgraph ARGUMENTS` run on the package (or Xcode project)
    /// in `root`: without a PATH right after the command, `root` is analyzed. The cache goes to `cache`, in
    /// the plugin's work folder (the sandbox lets a plugin write there, not into `~/.cache`), unless the
    /// arguments say otherwise. `isPath` tells whether an argument names an existing file or folder
    /// (absolute, or relative to `root`).
    static func command(_ arguments: [String], root: String, cache: String, isPath: (String) -> Bool) -> [String] {
        var args = arguments.isEmpty ? ["lint"] : arguments
        guard let command = args.first, analyzing.contains(command) else { return args }
        if !givesPath(args, isPath: isPath) { args.insert(root, at: 1) }
        if caching.contains(command) && !args.contains(where: { $0 == "--no-cache" || $0.hasPrefix("--cache-path") }) {
            args += ["--cache-path", cache]
        }
        return args
    }

    /// Whether the argument after the command is the PATH to analyze. `chain` takes SCREEN [ACTION] after
    /// PATH, so `chain CartViewController` names a screen: its first argument is a PATH only when it names
    /// a file or folder that exists.
    static func givesPath(_ args: [String], isPath: (String) -> Bool) -> Bool {
        guard args.count > 1, !args[1].hasPrefix("-") else { return false }
        return args[0] == "chain" ? isPath(args[1]) : true
    }

    /// The arguments with Xcode's `--target NAME` pairs (the targets chosen in its menu) removed:
    /// navgraph analyzes the whole project, whose targets tell it which files are the app.
    static func removingTargets(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--target" { index += 2; continue }
            if argument.hasPrefix("--target=") { index += 1; continue }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// The build tool plugin's `navgraph lint` of the package or Xcode project in `root`: the xcode reporter's
    /// `file:line: warning: …` lines are what SwiftPM and Xcode show as the build's diagnostics (Xcode's
    /// issue navigator). The cache lives in the plugin's work folder, the only one the build's sandbox lets
    /// it write.
    static func lint(root: String, cache: String) -> [String] {
        ["lint", root, "--reporter", "xcode", "--cache-path", cache]
    }

    /// Whether `argument` names an existing file or folder, absolute or relative to `root`.
    static func exists(_ argument: String, root: String) -> Bool {
        let path = argument.hasPrefix("/") ? argument : (root as NSString).appendingPathComponent(argument)
        return FileManager.default.fileExists(atPath: path)
    }
}
