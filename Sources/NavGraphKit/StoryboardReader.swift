import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavGraphDiscovery
import NavGraphModel
import NavGraphResolve

/// Reads `.storyboard` and `.xib` files with Foundation's `XMLParser` into a `StoryboardIndex`: each
/// scene's controller (object id, `storyboardIdentifier`, `customClass`, whether it is the initial one)
/// and each `<segue>` with its kind, identifier and the XML line it is on. A file that is not
/// well-formed XML is named in a warning and skipped; the analysis goes on.
public enum StoryboardReader {
    static func read(_ files: [SourceFile], diagnostics: inout [Diagnostic]) -> StoryboardIndex {
        var fingerprint = RunKey()
        return read(files, diagnostics: &diagnostics, fingerprint: &fingerprint)
    }

    /// Also adds to `fingerprint` the path and a digest of the bytes of each file the index is made of,
    /// so `ResultCache` knows when the storyboards changed.
    static func read(_ files: [SourceFile], diagnostics: inout [Diagnostic], fingerprint: inout RunKey) -> StoryboardIndex {
        // Gathered, then set once: the index builds its lookups whenever its scenes or segues change.
        var scenes: [StoryboardIndex.Scene] = []
        var segues: [StoryboardIndex.Segue] = []
        var boards = Set<String>()
        for file in files.sorted(by: { $0.relativePath < $1.relativePath }) where file.kind == .storyboard || file.kind == .xib {
            guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
                diagnostics.append(Diagnostic(.warning, "cannot read \(file.kind.rawValue); skipped", file: file.relativePath))
                continue
            }
            let name = storyboardName(file.relativePath)
            // Localized copies (Base.lproj, en.lproj) describe the same storyboard: keep the first.
            guard boards.insert("\(file.kind.rawValue):\(name)").inserted else { continue }
            fingerprint.string(file.kind.rawValue)
            fingerprint.string(file.relativePath)
            fingerprint.digest(ContentHash.digest([UInt8](data)))
            switch parse(data, path: file.relativePath, name: name) {
            case .success(let parsed):
                scenes.append(contentsOf: parsed.scenes)
                segues.append(contentsOf: parsed.segues)
            case .failure(let error):
                diagnostics.append(Diagnostic(.warning, "cannot parse \(file.kind.rawValue): \(error.message); its scenes and segues are ignored",
                                              file: file.relativePath, line: error.line))
            }
        }
        return StoryboardIndex(scenes: scenes, segues: segues)
    }

    /// `Resources/Base.lproj/Main.storyboard` → `Main`.
    static func storyboardName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: ".") else { return last }
        return String(last[..<dot])
    }

    public struct ParseError: Error, Equatable {
        public var message: String
        public var line: Int?
    }

    /// Parses one storyboard or xib. `path` is what locations say; `name` is what `UIStoryboard(name:)` uses.
    public static func parse(_ data: Data, path: String, name: String) -> Result<StoryboardIndex, ParseError> {
        let parser = XMLParser(data: data)
        let delegate = Delegate(path: path, name: name)
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        // On Linux `parse()` can return true after an error: the delegate keeps the first one and its line.
        let ok = parser.parse()
        if let error = delegate.firstError ?? (ok ? nil : parser.parserError.map { ($0, parser.lineNumber) }) {
            return .failure(ParseError(message: "malformed XML: \(describe(error.0))", line: max(error.1, 1)))
        }
        guard delegate.sawDocument else {
            return .failure(ParseError(message: "not an Interface Builder document (no <document> root)", line: nil))
        }
        var scenes = delegate.scenes
        if let initial = delegate.initialID {
            for i in scenes.indices where scenes[i].objectID == initial { scenes[i].isInitial = true }
        }
        return .success(StoryboardIndex(scenes: scenes, segues: delegate.segues))
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        let path: String
        let name: String
        var scenes: [StoryboardIndex.Scene] = []
        var segues: [StoryboardIndex.Segue] = []
        var initialID: String?
        var sawDocument = false
        /// Open elements: name, for scene controllers their object id, and the nearest open controller's id
        /// (kept per element, so a segue finds its source without a walk up the open elements).
        var stack: [(name: String, controllerID: String?, enclosing: String?)] = []
        var isXib = false
        var firstError: (Error, Int)?

        init(path: String, name: String) {
            self.path = path
            self.name = name
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String]) {
            let line = parser.lineNumber
            var controllerID: String?
            if stack.isEmpty, element == "document" {
                sawDocument = true
                initialID = attributes["initialViewController"]
                isXib = !(attributes["type"] ?? "").contains("Storyboard")
            }
            // Storyboards mark scene controllers with sceneMemberID; xibs list top-level controllers in <objects>.
            let isController = attributes["sceneMemberID"] == "viewController"
                || (isXib && stack.last?.name == "objects" && element.hasSuffix("Controller") && attributes["id"] != nil)
            if isController, let id = attributes["id"] {
                controllerID = id
                let isPlaceholder = element == "viewControllerPlaceholder"
                scenes.append(StoryboardIndex.Scene(
                    storyboard: name, objectID: id, identifier: attributes["storyboardIdentifier"],
                    customClass: isPlaceholder ? nil : attributes["customClass"], elementClass: StoryboardReader.uikitClass(element),
                    referencedStoryboard: isPlaceholder ? attributes["storyboardName"] : nil,
                    referencedIdentifier: isPlaceholder ? attributes["referencedIdentifier"] : nil,
                    location: SourceLocation(file: path, line: line)))
            }
            if element == "segue", let destination = attributes["destination"], let kind = attributes["kind"],
               let source = stack.last?.enclosing {
                // <controller><connections><segue/>: declared on the controller, so only `performSegue` runs it.
                let n = stack.count
                let manual = n >= 2 && stack[n - 1].name == "connections" && stack[n - 2].controllerID != nil
                segues.append(StoryboardIndex.Segue(
                    storyboard: name, sourceID: source, destinationID: destination, kind: kind,
                    identifier: attributes["identifier"], relationship: attributes["relationship"],
                    isManual: manual && kind != "relationship", location: SourceLocation(file: path, line: line)))
            }
            stack.append((element, controllerID, controllerID ?? stack.last?.enclosing))
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if firstError == nil { firstError = (parseError, parser.lineNumber) }
        }

        func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
            if firstError == nil { firstError = (validationError, parser.lineNumber) }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if !stack.isEmpty { stack.removeLast() }
        }
    }

    /// A readable reason for an `XMLParser` error (its own descriptions are often empty on Linux).
    static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        let reasons: [Int: String] = [
            XMLParser.ErrorCode.emptyDocumentError.rawValue: "the document is empty",
            XMLParser.ErrorCode.prematureDocumentEndError.rawValue: "the document ends before its elements are closed",
            XMLParser.ErrorCode.tagNameMismatchError.rawValue: "a closing tag does not match the open element",
            XMLParser.ErrorCode.invalidCharacterError.rawValue: "invalid character",
            XMLParser.ErrorCode.gtRequiredError.rawValue: "a tag is not closed with '>'",
            XMLParser.ErrorCode.attributeNotStartedError.rawValue: "an attribute value is not quoted",
            XMLParser.ErrorCode.ltRequiredError.rawValue: "text where an element was expected",
        ]
        return reasons[code] ?? "XML error \(code)"
    }

    /// `navigationController` → `UINavigationController`, `tableViewController` → `UITableViewController`.
    static func uikitClass(_ element: String) -> String {
        switch element {
        case "avPlayerViewController": return "AVPlayerViewController"
        case "viewControllerPlaceholder": return "UIViewController"
        default:
            guard let first = element.first else { return "UIViewController" }
            return "UI" + first.uppercased() + element.dropFirst()
        }
    }
}
