import Foundation
import NavGraphKnowledge
import NavGraphModel
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Turns one Swift source file into `FileFacts`. Pure: the same text always gives the same facts.
public enum Extractor {
    /// Code nested deeper than this (expressions, closures and statement blocks together) is cut off, and
    /// a warning says so: it keeps the walker's recursion, and everything later that recurses over the
    /// facts (the interpreter, Codable, Hashable), bounded.
    public static let maximumDepth = 1_500

    /// Brackets (`(`, `[`, `{`, `<`, `#if`) nested deeper than this are not parsed: the rest of the file is
    /// skipped and a warning says so. WHY explicit: swift-syntax's default is 20 levels in debug builds,
    /// which real code exceeds, and 256 in release; we want the same facts from both. Not more: the
    /// parser recurses per level and its trailing-closure lookahead re-scans nested blocks (quadratic).
    public static let maximumNestingLevel = 256

    /// Square brackets nested deeper than this are read as parentheses, and the inside of brackets nested
    /// deeper than `maximumBlockDepth` is skipped, before parsing (see `BracketGuard` for why).
    public static let maximumSquareBracketDepth = 6
    public static let maximumBlockDepth = 128

    public static func extract(path: String, source: String) -> FileFacts {
        // Recursion over hostile nesting needs the large stack: hop to one when called from elsewhere.
        guard LargeStack.isCurrentThreadLarge else { return LargeStack.run { extract(path: path, source: source) } }
        var text = source
        let chain = ElseIfGuard.rewrite(source)
        if let c = chain { text = c.source }
        let guarded = BracketGuard.rewrite(text, squareLimit: maximumSquareBracketDepth, depthLimit: maximumBlockDepth)
        if let g = guarded { text = g.source }
        var facts = text.withUTF8 { bytes -> FileFacts in
            let tree = Parser.parse(source: bytes, maximumNestingLevel: maximumNestingLevel)
            let source = SourceText(bytes: bytes, tree: tree, fileName: path)
            var walker = Walker(source: source, facts: FileFacts(path: path))
            for item in tree.statements.each { walker.topLevel(item) }
            if tree.hasError {
                walker.facts.isPartial = true
                if let deep = NestingOverflowFinder.line(tree, source) {
                    walker.facts.diagnostics.append("\(deep): brackets nested more than \(maximumNestingLevel) levels deep; the rest of the file was skipped")
                } else {
                    let line = ErrorFinder.firstErrorLine(tree, source) ?? 1
                    walker.facts.diagnostics.append("\(line): syntax errors; analyzing what could be parsed")
                }
            }
            if let line = chain?.line {
                walker.facts.diagnostics.append("\(line): more than \(ElseIfGuard.limit) `else if` in this file; from here each is read as an `if` of its own")
            }
            if let line = guarded?.interpolationLine {
                walker.facts.diagnostics.append("\(line): string interpolations nested more than \(BracketGuard.maximumInterpolations) levels deep; the innermost ones were skipped")
            }
            if let line = guarded?.depthLine {
                walker.facts.isPartial = true
                walker.facts.diagnostics.append("\(line): brackets nested more than \(maximumBlockDepth) levels deep; what is inside the innermost ones was skipped")
            }
            if let line = guarded?.angleLine {
                walker.facts.isPartial = true
                walker.facts.diagnostics.append("\(line): generic '<' nested more than \(BracketGuard.maximumExpressionAngles) levels deep in an expression; the inner ones were read as spaces (the parser's time grows with the square of the depth)")
            }
            if let line = guarded?.typeAngleLine {
                walker.facts.isPartial = true
                walker.facts.diagnostics.append("\(line): generic '<' nested more than \(BracketGuard.maximumExpressionAngles) levels deep in a broken type; the inner ones were read as spaces (the parser reads such a type in recovery, in time that grows with the square of the depth)")
            }
            if let line = guarded?.squareLine {
                walker.facts.diagnostics.append("\(line): square brackets nested more than \(maximumSquareBracketDepth) levels deep; the inner ones were read as parentheses (the parser's time doubles with each level)")
            }
            if walker.depthExceeded {
                walker.facts.isPartial = true
                walker.facts.diagnostics.append("\(walker.depthExceededLine): code nested more than \(maximumDepth) levels deep; the innermost part was skipped")
            }
            return walker.facts
        }
        facts.suppressions = SuppressionScanner.scan(source)
        return facts
    }
}

/// Finds where swift-syntax stopped parsing because brackets were nested too deep.
enum NestingOverflowFinder {
    static func line(_ tree: SourceFileSyntax, _ source: SourceText) -> Int? {
        guard tree.hasMaximumNestingLevelOverflow else { return nil }
        // The flag is recursive: follow the flagged child down (a loop, not recursion) to the skipped tokens.
        var node = Syntax(tree)
        while let child = node.children(viewMode: .all).first(where: { $0.hasMaximumNestingLevelOverflow }) { node = child }
        return source.line(node)
    }
}

private final class ErrorFinder: SyntaxAnyVisitor {
    var line: Int?
    let source: SourceText
    init(_ source: SourceText) {
        self.source = source
        super.init(viewMode: .all)
    }
    static func firstErrorLine(_ tree: SourceFileSyntax, _ source: SourceText) -> Int? {
        let f = ErrorFinder(source)
        f.walk(tree)
        return f.line
    }
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard line == nil, node.hasError else { return .skipChildren }
        // Unexpected tokens, missing tokens, and tokens the lexer flagged (a bad raw identifier, say).
        let token = node.as(TokenSyntax.self)
        if node.is(UnexpectedNodesSyntax.self) || token?.presence == .missing || token?.tokenDiagnostic?.severity == .error {
            line = source.line(node)
            return .skipChildren
        }
        return .visitChildren
    }
}

enum SuppressionScanner {
    /// Finds `// navgraph:disable[:next|:this] rule[, rule] [- reason]` and `// navgraph:enable rule`.
    static func scan(_ source: String) -> [Suppression] {
        // A byte search first: nearly every file has no marker, and Foundation's search converts the text.
        var source = source
        guard source.withUTF8({ $0.contains(bytes: "navgraph:") }) else { return [] }
        guard source.contains("navgraph:") else { return [] }
        var result: [Suppression] = []
        var lineNo = 0
        // Line ends as the parser counts them: "\r\n" is one Character, so splitting at "\n" missed it.
        for line in source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNo += 1
            guard let r = line.range(of: "navgraph:") else { continue }
            guard let slashes = line.range(of: "//"), slashes.lowerBound < r.lowerBound else { continue }
            var rest = line[r.upperBound...]
            let scope: Suppression.Scope
            if rest.hasPrefix("disable:next") { scope = .next; rest = rest.dropFirst("disable:next".count) }
            else if rest.hasPrefix("disable:this") { scope = .this; rest = rest.dropFirst("disable:this".count) }
            else if rest.hasPrefix("disable") { scope = .file; rest = rest.dropFirst("disable".count) }
            else if rest.hasPrefix("enable") { scope = .enable; rest = rest.dropFirst("enable".count) }
            else { continue }
            var reason: String?
            if let dash = rest.range(of: " - ") {
                reason = rest[dash.upperBound...].trimmingCharacters(in: .whitespaces)
                rest = rest[..<dash.lowerBound]
            }
            let rules = ruleList(rest)
            result.append(Suppression(scope: scope, rules: rules, line: lineNo, reason: reason))
        }
        return result
    }
}

extension SuppressionScanner {
    /// The rule ids at the start of `text` (what follows the directive, up to ` - `). Tokens are split at
    /// commas and whitespace. The first token is always a rule id; each later one is when a comma comes
    /// before it, or when it is shaped like a rule id (lowercase words joined by hyphens: `dead-route`) or is
    /// `all`. The list ends at the first token that is neither: the rest of the text is not read (a reason
    /// is only what follows ` - `), so `disable:next dead-route kept for spring` suppresses `dead-route`.
    static func ruleList(_ text: Substring) -> [String] {
        var rules: [String] = []
        var comma = false
        var token = ""
        func isIDShaped(_ t: String) -> Bool {
            if t == "all" { return true }
            let words = t.split(separator: "-", omittingEmptySubsequences: false)
            return words.count > 1 && words.allSatisfy { w in !w.isEmpty && w.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) } }
        }
        // Returns false when the list has ended.
        func take() -> Bool {
            defer { token = "" }
            guard !token.isEmpty else { return true }
            guard rules.isEmpty || comma || isIDShaped(token) else { return false }
            rules.append(token)
            comma = false
            return true
        }
        for ch in text {
            if ch == "," {
                guard take() else { return rules }
                comma = true
            } else if ch == " " || ch == "\t" {
                guard take() else { return rules }
            } else {
                token.append(ch)
            }
        }
        _ = take()
        return rules
    }
}

/// Recursive conversion from syntax to facts. Depth is counted so pathological nesting cannot overflow.
struct Walker {
    let source: SourceText
    var facts: FileFacts
    var depth = 0
    var depthExceeded = false
    var depthExceededLine = 0
    var refs: NameMap<Expr> = [:]

    init(source: SourceText, facts: FileFacts) {
        self.source = source
        self.facts = facts
    }

    func line(_ node: some SyntaxProtocol) -> Int { source.line(node) }

    /// The node's text without whitespace other than spaces (an attribute's name).
    func text(_ node: some SyntaxProtocol) -> String { source.spaced(node) }

    /// Type text with whitespace removed (`[Coordinator]`, `(A & B)?`).
    func typeText(_ type: TypeSyntax) -> String { source.squeezed(type) }

    static func spaced(_ s: String) -> String { s.filter { !$0.isWhitespace || $0 == " " } }

    static func squeeze(_ s: String) -> String { s.split(whereSeparator: { $0.isWhitespace }).joined() }

    // MARK: - Declarations

    mutating func topLevel(_ item: CodeBlockItemSyntax) {
        switch item.item {
        case .decl(let decl):
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                // Every clause may be compiled (navgraph does not know the build's flags); a type a later
                // clause declares again (`#if os(iOS) … #else …`) keeps its first declaration.
                var declared: Set<String> = []
                for clause in ifConfig.clauses.each {
                    guard case .statements(let items)? = clause.elements else { continue }
                    let start = facts.types.count
                    for inner in items.each { topLevel(inner) }
                    let added = facts.types[start...].filter { $0.kind == .extension || !declared.contains($0.name) }
                    for t in added where t.kind != .extension { declared.insert(t.name) }
                    facts.types.replaceSubrange(start..., with: Array(added))
                }
            } else if let imp = decl.as(ImportDeclSyntax.self) {
                facts.imports.append(imp.path.each.map { $0.name.sourceText }.joined(separator: "."))
            } else if let t = typeDecl(decl, outer: nil) {
                facts.types.append(contentsOf: t)
            } else if let fn = decl.as(FunctionDeclSyntax.self) {
                var global = TypeDecl(kind: .extension, name: "", line: line(fn))
                global.functions.append(function(fn))
                facts.types.append(global)
            } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
                var global = TypeDecl(kind: .extension, name: "", line: line(alias))
                global.typealiases[alias.name.sourceText] = typeText(alias.initializer.value)
                facts.types.append(global)
            } else if let v = decl.as(VariableDeclSyntax.self) {
                for s in variableStatements(v) { facts.topLevel.append(s) }
            }
        case .stmt, .expr:
            facts.topLevel.append(contentsOf: statements(item))
        }
    }

    static let accessLevels: Set<String> = ["open", "public", "package", "internal", "fileprivate", "private"]

    /// A type's member declarations, with those inside `#if` clauses (each clause may be compiled).
    static func memberDecls(_ list: MemberBlockItemListSyntax) -> [DeclSyntax] {
        var result: [DeclSyntax] = []
        for member in list.each {
            if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses.each {
                    if case .decls(let inner)? = clause.elements { result.append(contentsOf: memberDecls(inner)) }
                }
            } else {
                result.append(member.decl)
            }
        }
        return result
    }

    /// Returns the type and the types nested inside it, flattened with qualified names.
    mutating func typeDecl(_ decl: DeclSyntax, outer: String?) -> [TypeDecl]? {
        func qualified(_ n: String) -> String { outer.map { "\($0).\(n)" } ?? n }
        let kind: DeclKind
        let name: String
        let inheritance: InheritanceClauseSyntax?
        let members: MemberBlockSyntax
        let attributes: AttributeListSyntax
        var generics: [String] = []
        if let c = decl.as(ClassDeclSyntax.self) {
            (kind, name, inheritance, members, attributes) = (.class, qualified(c.name.sourceText), c.inheritanceClause, c.memberBlock, c.attributes)
            generics = c.genericParameterClause?.parameters.each.map { $0.name.sourceText } ?? []
        } else if let s = decl.as(StructDeclSyntax.self) {
            (kind, name, inheritance, members, attributes) = (.struct, qualified(s.name.sourceText), s.inheritanceClause, s.memberBlock, s.attributes)
            generics = s.genericParameterClause?.parameters.each.map { $0.name.sourceText } ?? []
        } else if let e = decl.as(EnumDeclSyntax.self) {
            (kind, name, inheritance, members, attributes) = (.enum, qualified(e.name.sourceText), e.inheritanceClause, e.memberBlock, e.attributes)
        } else if let p = decl.as(ProtocolDeclSyntax.self) {
            (kind, name, inheritance, members, attributes) = (.protocol, qualified(p.name.sourceText), p.inheritanceClause, p.memberBlock, p.attributes)
        } else if let x = decl.as(ExtensionDeclSyntax.self) {
            (kind, name, inheritance, members, attributes) = (.extension, typeText(x.extendedType), x.inheritanceClause, x.memberBlock, x.attributes)
        } else if let a = decl.as(ActorDeclSyntax.self) {
            (kind, name, inheritance, members, attributes) = (.actor, qualified(a.name.sourceText), a.inheritanceClause, a.memberBlock, a.attributes)
        } else {
            return nil
        }
        // Members of a `private extension` are file-private unless they say otherwise.
        let privateExtension = decl.as(ExtensionDeclSyntax.self)?.modifiers.each.contains { ["private", "fileprivate"].contains($0.name.text) } ?? false
        var type = TypeDecl(kind: kind, name: name, line: line(decl))
        type.genericParameters = generics
        type.inherited = inheritance?.inheritedTypes.each.map { typeText($0.type) } ?? []
        type.attributes = attributes.each.compactMap { $0.as(AttributeSyntax.self).map { text($0.attributeName) } }
        var nested: [TypeDecl] = []
        for d in Walker.memberDecls(members.members) {
            if let inner = typeDecl(d, outer: name) {
                nested.append(contentsOf: inner)
            } else if let fn = d.as(FunctionDeclSyntax.self) {
                var f = function(fn)
                if privateExtension, !f.modifiers.contains(where: Walker.accessLevels.contains) { f.modifiers.append("fileprivate") }
                type.functions.append(f)
            } else if let ini = d.as(InitializerDeclSyntax.self) {
                type.functions.append(initializer(ini))
            } else if let v = d.as(VariableDeclSyntax.self) {
                type.properties.append(contentsOf: properties(v))
                type.functions.append(contentsOf: setters(v))
            } else if let c = d.as(EnumCaseDeclSyntax.self) {
                for el in c.elements.each {
                    let assoc = el.parameterClause?.parameters.each.map { typeText($0.type) } ?? []
                    type.cases.append(EnumCase(name: el.name.sourceText, associatedTypes: assoc, line: line(el)))
                }
            } else if let alias = d.as(TypeAliasDeclSyntax.self) {
                type.typealiases[alias.name.sourceText] = typeText(alias.initializer.value)
            } else if let assoc = d.as(AssociatedTypeDeclSyntax.self) {
                type.typealiases[assoc.name.sourceText] = assoc.initializer.map { typeText($0.value) } ?? assoc.name.sourceText
            }
        }
        return [type] + nested
    }

    func modifiers(_ list: RawDeclModifierListSyntax) -> [String] { list.elements.map { $0.name.sourceString } }

    /// Attribute names as `text` gives them (`objc`, `IBAction`, `available`).
    func attributes(_ list: RawAttributeListSyntax, in n: RNode) -> [String] {
        n.at(list).elements.compactMap { a in RawAttributeSyntax(a.raw).map { source.spaced(a.at($0.attributeName)) } }
    }

    // A function's and an initializer's parts are read from the raw tree, as bodies are (see `RNode`):
    // reading them from the typed tree made a `Syntax` node for each part of each of them.

    mutating func function(_ fn: FunctionDeclSyntax) -> FunctionDecl {
        let n = RNode(fn)
        let raw = RawFunctionDeclSyntax(n.raw)!
        let mods = modifiers(raw.modifiers)
        let signature = n.at(raw.signature)
        var decl = FunctionDecl(
            name: raw.name.sourceString,
            parameters: parameters(signature.at(raw.signature.parameterClause)),
            returnType: raw.signature.returnClause.map { r in source.squeezed(signature.at(r).at(r.type)) },
            body: raw.body.map { b in statements(n.at(b).at(b.statements)) },
            line: line(n.at(raw.name)))
        decl.isStatic = mods.contains("static") || mods.contains("class")
        decl.isOverride = mods.contains("override")
        decl.modifiers = mods
        decl.attributes = attributes(raw.attributes, in: n)
        return decl
    }

    mutating func initializer(_ ini: InitializerDeclSyntax) -> FunctionDecl {
        let n = RNode(ini)
        let raw = RawInitializerDeclSyntax(n.raw)!
        let mods = modifiers(raw.modifiers)
        var decl = FunctionDecl(
            name: "init", parameters: parameters(n.at(raw.signature).at(raw.signature.parameterClause)), returnType: nil,
            body: raw.body.map { b in statements(n.at(b).at(b.statements)) }, line: line(n.at(raw.initKeyword)))
        decl.isOverride = mods.contains("override")
        decl.modifiers = mods
        return decl
    }

    mutating func parameters(_ clause: RNode) -> [Parameter] {
        let raw = RawFunctionParameterClauseSyntax(clause.raw)!
        return clause.at(raw.parameters).elements.map { p in
            let param = RawFunctionParameterSyntax(p.raw)!
            let first = param.firstName.sourceString
            let label: String? = first == "_" ? nil : first
            let name = param.secondName?.sourceString ?? first
            // A variadic parameter keeps its `...`: it takes every unlabelled argument that follows.
            let type = source.squeezed(p.at(param.type)) + (param.ellipsis != nil ? Parameter.variadicSuffix : "")
            return Parameter(label: label, name: name, type: type,
                             defaultValue: param.defaultValue.map { d in expr(p.at(d).at(d.value)) })
        }
    }

    mutating func properties(_ v: VariableDeclSyntax) -> [PropertyDecl] {
        let n = RNode(v)
        let raw = RawVariableDeclSyntax(n.raw)!
        let mods = modifiers(raw.modifiers)
        var result: [PropertyDecl] = []
        for b in n.at(raw.bindings).elements {
            let binding = RawPatternBindingSyntax(b.raw)!
            guard let id = RawIdentifierPatternSyntax(binding.pattern) else { continue }
            var p = PropertyDecl(name: id.identifier.sourceString,
                                 type: binding.typeAnnotation.map { t in source.squeezed(b.at(t).at(t.type)) }, line: line(b))
            p.initializer = binding.initializer.map { i in expr(b.at(i).at(i.value)) }
            p.isStatic = mods.contains("static") || mods.contains("class")
            p.isLazy = mods.contains("lazy")
            p.isWeak = mods.contains("weak") || mods.contains("unowned")
            p.isOverride = mods.contains("override")
            if let block = binding.accessorBlock {
                if let items = RawCodeBlockItemListSyntax(block.accessors) {
                    p.getter = statements(b.at(block).at(items))
                } else if let list = RawAccessorDeclListSyntax(block.accessors),
                          let get = list.elements.first(where: { $0.accessorSpecifier.sourceString == "get" }), let body = get.body {
                    p.getter = statements(b.at(block).at(list).at(get).at(body).at(body.statements))
                }
            }
            result.append(p)
        }
        return result
    }

    /// The code that runs when a property is assigned (`willSet`, `set`, `didSet`, in that order), as the
    /// method `__navgraph_set_<name>(_ newValue:)` that storing into the property runs (see
    /// `UIKitKnowledge.setterPrefix`). WHY: an observer is where many apps act on a change
    /// (`didSet { state.willLeave() }`); without it, what it calls looks dead.
    mutating func setters(_ v: VariableDeclSyntax) -> [FunctionDecl] {
        let n = RNode(v)
        let raw = RawVariableDeclSyntax(n.raw)!
        let mods = modifiers(raw.modifiers)
        var result: [FunctionDecl] = []
        for b in n.at(raw.bindings).elements {
            let binding = RawPatternBindingSyntax(b.raw)!
            guard let id = RawIdentifierPatternSyntax(binding.pattern), let block = binding.accessorBlock,
                  let list = RawAccessorDeclListSyntax(block.accessors) else { continue }
            var body: [Stmt] = []
            var line: Int?
            for kind in ["willSet", "set", "didSet"] {
                guard let accessor = list.elements.first(where: { $0.accessorSpecifier.sourceString == kind }), let code = accessor.body else { continue }
                let node = b.at(block).at(list).at(accessor)
                line = line ?? self.line(node)
                // `set(title)`, `willSet(next)`: the new value under the name the accessor gives it.
                if let p = accessor.parameters, kind != "didSet" {
                    body.append(.bind(names: [p.name.sourceString], type: nil, value: .ref("newValue"), line: self.line(node)))
                }
                body.append(contentsOf: statements(node.at(code).at(code.statements)))
            }
            guard let line else { continue }
            let type = binding.typeAnnotation.map { t in source.squeezed(b.at(t).at(t.type)) }
            var decl = FunctionDecl(name: UIKitKnowledge.setterPrefix + id.identifier.sourceString,
                                    parameters: [Parameter(label: nil, name: "newValue", type: type, defaultValue: nil)],
                                    returnType: nil, body: body, line: line)
            decl.isStatic = mods.contains("static") || mods.contains("class")
            result.append(decl)
        }
        return result
    }

    // MARK: - Statements and expressions

    // Bodies are read from the raw tree (see `RNode`, `RawWalker.swift`); these are the entry points from
    // the declarations read above.

    mutating func statements(_ items: CodeBlockItemListSyntax) -> [Stmt] { statements(RNode(items)) }

    /// `statements` of a block holding only `item` (top-level code).
    mutating func statements(_ item: CodeBlockItemSyntax) -> [Stmt] {
        depth += 1
        defer { depth -= 1 }
        if depth > Extractor.maximumDepth {
            if !depthExceeded { depthExceeded = true; depthExceededLine = line(item) }
            return []
        }
        var out: [Stmt] = []
        statement(item: RNode(item), into: &out)
        return out
    }

    mutating func variableStatements(_ v: VariableDeclSyntax) -> [Stmt] { variableStatements(RNode(v)) }

    mutating func expr(_ e: ExprSyntax) -> Expr { expr(RNode(e)) }

    /// `.ref(name)`, one value per name and file: references are a good part of all expressions.
    mutating func ref(_ name: String) -> Expr {
        if let shared = refs[name] { return shared }
        let e = Expr.ref(name)
        refs[name] = e
        return e
    }

}

