@_spi(RawSyntax) import SwiftSyntax

/// A node of the raw tree and where it starts in the parsed bytes (its leading trivia included).
///
/// WHY: walking SwiftSyntax's typed tree makes a `Syntax` value for every node it visits (a layout
/// buffer in the tree's arena, under a lock, and reference counting on every step). The raw tree
/// underneath is plain data: the walker reads type declarations from the typed tree (few nodes), and
/// functions, properties and every body, initializer and default value from the raw one. Offsets are
/// summed from the children's lengths; texts and lines are read from the parsed bytes as `SourceText`
/// reads them for typed nodes, including for nodes with errors (`ExtractionShortcutTests.testRawNodesGiveTheTypedTreesOffsetsLinesAndTexts`
/// compares both on every node of the samples and of damaged copies).
struct RNode {
    let raw: RawSyntax
    let offset: Int

    init(raw: RawSyntax, offset: Int) {
        self.raw = raw
        self.offset = offset
    }

    init(_ node: some SyntaxProtocol) { self.init(raw: node.raw, offset: node.position.utf8Offset) }

    var kind: SyntaxKind { raw.kind }

    /// `child`, one of this node's children, with its offset (nil for nil). Found by identity: empty
    /// children may share one node, so an empty child may get an empty sibling's offset; nothing is read
    /// from a node of length zero.
    func at(_ child: RawSyntax?) -> RNode? {
        guard let child, let layout = raw.layoutView else { return nil }
        var o = offset
        for c in layout.children {
            guard let c else { continue }
            if RNode.same(c, child) { return RNode(raw: c, offset: o) }
            o += c.byteLength
        }
        return nil
    }

    /// Whether two raw nodes are one node, as `RawSyntax.id` tells. WHY: `id` is not inlinable, and `at`
    /// asks it of every child it passes (a fifth of its cost); a `RawSyntax` is the arena pointer `id`
    /// wraps, compared here directly. The size check keeps to `id` should that layout change.
    @inline(__always) static func same(_ a: RawSyntax, _ b: RawSyntax) -> Bool {
        guard MemoryLayout<RawSyntax>.size == MemoryLayout<UnsafeRawPointer>.size else { return a.id == b.id }
        return unsafeBitCast(a, to: UnsafeRawPointer.self) == unsafeBitCast(b, to: UnsafeRawPointer.self)
    }

    func at(_ child: some RawSyntaxNodeProtocol) -> RNode { at(child.raw)! }

    /// A collection's elements (collections have no nil elements), or a node's present children, in
    /// order, each with its offset. A sequence, not an array: most are read once, by a loop or a `map`
    /// (an array each was a twentieth of the walker, in allocating and freeing it).
    var elements: Elements { Elements(children: raw.layoutView?.children, offset: offset) }

    struct Elements: Sequence {
        let children: RawSyntaxBuffer?
        let offset: Int

        /// Exact, so that `map` and `Array(_:)` allocate once.
        var underestimatedCount: Int {
            guard let children else { return 0 }
            var n = 0
            for c in children where c != nil { n += 1 }
            return n
        }

        func makeIterator() -> Iterator { Iterator(children: children, offset: offset) }

        var first: RNode? { var it = makeIterator(); return it.next() }

        /// For the few readers that index or count them.
        var array: [RNode] { Array(self) }

        struct Iterator: IteratorProtocol {
            let children: RawSyntaxBuffer?
            var offset: Int
            var index = 0

            init(children: RawSyntaxBuffer?, offset: Int) {
                self.children = children
                self.offset = offset
            }

            mutating func next() -> RNode? {
                guard let children else { return nil }
                while index < children.count {
                    let c = children[index]
                    index += 1
                    guard let c else { continue }
                    defer { offset += c.byteLength }
                    return RNode(raw: c, offset: offset)
                }
                return nil
            }
        }
    }

    /// Where the node's text starts, after its leading trivia (`positionAfterSkippingLeadingTrivia`).
    var textStart: Int { offset + raw.leadingTriviaByteLength }

    /// The bytes `trimmedDescription` prints: the node without the leading trivia of its first token and
    /// the trailing trivia of its last, counting missing tokens (which print nothing and have no trivia)
    /// as SwiftSyntax's trimming does.
    var trimmedRange: Range<Int> {
        let first = RNode.edgeToken(raw, last: false), last = RNode.edgeToken(raw, last: true)
        let lead = first.map { $0.presence == .present ? $0.leadingTriviaByteLength : 0 } ?? 0
        let trail = last.map { $0.presence == .present ? $0.trailingTriviaByteLength : 0 } ?? 0
        let start = offset + lead, end = offset + raw.byteLength - trail
        return start..<max(start, end)
    }

    /// The first (or last) token of a subtree, missing ones too.
    private static func edgeToken(_ raw: RawSyntax, last: Bool) -> RawSyntaxTokenView? {
        if let token = raw.tokenView { return token }
        guard let layout = raw.layoutView else { return nil }
        let children = layout.children
        for k in 0..<children.count {
            if let c = children[last ? children.count - 1 - k : k], let t = edgeToken(c, last: last) { return t }
        }
        return nil
    }
}

extension RawTokenSyntax {
    /// The token's text: `TokenSyntax.sourceText` (a missing token holds its kind's usual spelling).
    var sourceString: String { String(syntaxText: tokenText).withoutBackticks }
}

extension SourceText {
    func line(_ n: RNode) -> Int { line(AbsolutePosition(utf8Offset: n.textStart)) }

    private func bytes(_ n: RNode) -> UnsafeBufferPointer<UInt8> {
        let r = n.trimmedRange
        let start = max(0, min(r.lowerBound, bytes.count)), end = max(start, min(r.upperBound, bytes.count))
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// `trimmedDescription`.
    func trimmed(_ n: RNode) -> String { String(decoding: bytes(n), as: UTF8.self) }

    /// `Walker.squeeze(trimmedDescription)`.
    func squeezed(_ n: RNode) -> String {
        let b = bytes(n)
        return SourceText.filtered(b, keepSpace: false) ?? Walker.squeeze(String(decoding: b, as: UTF8.self))
    }

    /// `Walker.spaced(trimmedDescription)`.
    func spaced(_ n: RNode) -> String {
        let b = bytes(n)
        return SourceText.filtered(b, keepSpace: true) ?? Walker.spaced(String(decoding: b, as: UTF8.self))
    }
}

/// The raw-tree half of `Walker`: statements and expressions.
extension Walker {
    func line(_ n: RNode) -> Int { source.line(n) }

    // MARK: - Statements

    mutating func statements(_ items: RNode) -> [Stmt] {
        depth += 1
        defer { depth -= 1 }
        let list = items.elements
        if depth > Extractor.maximumDepth {
            if !depthExceeded, let first = list.first { depthExceeded = true; depthExceededLine = line(first) }
            return []
        }
        // Only a block with a `guard case` is read by position (`statementRun`): most have none.
        guard list.contains(where: { guardCase($0) != nil }) else {
            var out: [Stmt] = []
            for item in list { statement(item: item, into: &out) }
            return out
        }
        return statementRun(list.array[...])
    }

    /// The statements of a block from an item on: `guard case .x = v else { exit }` followed by the rest
    /// is `if case .x = v { rest } else { exit }` (the `else` must leave the block), so the rest runs only
    /// for `.x`, as a switch arm's body would.
    mutating func statementRun(_ items: ArraySlice<RNode>) -> [Stmt] {
        var out: [Stmt] = []
        for i in items.indices {
            if let g = guardCase(items[i]) {
                var then = statementRun(items[(i + 1)...])
                for c in g.node.at(g.guard.conditions).elements.reversed() {
                    let condition = c.at(RawConditionElementSyntax(c.raw)!.condition)!
                    if let m = RawMatchingPatternConditionSyntax(condition.raw), case let p = casePattern(condition.at(m.pattern)), Walker.namesCase(p) {
                        let initializer = condition.at(m.initializer)
                        then = [.matchIf(expr(initializer.at(m.initializer.value)), p, then, line: line(g.node))]
                    } else if let s = self.condition(c) {
                        then.insert(s, at: 0)
                    }
                }
                out.append(.branch([then, body(g.node, g.guard.body)], line: line(g.node)))
                return out
            }
            statement(item: items[i], into: &out)
        }
        return out
    }

    /// The `guard` statement an item is, when one of its conditions matches an enum case.
    func guardCase(_ item: RNode) -> (node: RNode, guard: RawGuardStmtSyntax)? {
        guard let it = item.at(RawCodeBlockItemSyntax(item.raw)!.item), let g = RawGuardStmtSyntax(it.raw) else { return nil }
        let hasCase = it.at(g.conditions).elements.contains { c in
            guard let n = c.at(RawConditionElementSyntax(c.raw)!.condition), let m = RawMatchingPatternConditionSyntax(n.raw) else { return false }
            return Walker.namesCase(casePattern(n.at(m.pattern)))
        }
        return hasCase ? (it, g) : nil
    }

    /// A pattern naming an enum case (`.message(let id)`), not an optional's (`let x?`, `.some(let x)`), a
    /// cast or a wildcard: only such a `guard` reads as an arm.
    static func namesCase(_ p: CasePattern) -> Bool {
        guard let c = p.caseName else { return false }
        return c != "some" && p.castType == nil
    }

    mutating func statement(item: RNode, into out: inout [Stmt]) {
        let it = item.at(RawCodeBlockItemSyntax(item.raw)!.item)!
        if RawDeclSyntax.isKindOf(it.raw) {
            if RawVariableDeclSyntax(it.raw) != nil { out.append(contentsOf: variableStatements(it)) }
            else if let ifConfig = RawIfConfigDeclSyntax(it.raw) {
                // `#if DEBUG … #else … #endif`: each clause may be compiled, as a branch's blocks may run.
                var blocks: [[Stmt]] = []
                for clause in it.at(ifConfig.clauses).elements {
                    if let items = RawIfConfigClauseSyntax(clause.raw)!.elements, items.kind == .codeBlockItemList {
                        blocks.append(statements(clause.at(items)!))
                    }
                }
                if !blocks.isEmpty { out.append(.branch(blocks, line: line(it))) }
            }
            else if let fn = RawFunctionDeclSyntax(it.raw), let body = fn.body {
                // A nested function is a local closure of its name: called (before or after it is declared),
                // it binds its parameters and returns its value, as any closure does.
                let params = parameters(it.at(fn.signature).at(fn.signature.parameterClause)).map(\.name)
                let closure = Closure(parameters: params, body: statements(it.at(body).at(body.statements)), line: line(it))
                out.insert(.bind(names: [fn.name.sourceString], type: nil, value: .closure(closure), line: line(it)), at: 0)
            }
        } else if RawStmtSyntax.isKindOf(it.raw) {
            out.append(contentsOf: statement(stmt: it))
        } else {
            out.append(contentsOf: expressionStatement(it))
        }
    }

    mutating func variableStatements(_ v: RNode) -> [Stmt] {
        let decl = RawVariableDeclSyntax(v.raw)!
        return v.at(decl.bindings).elements.compactMap { b -> Stmt? in
            let binding = RawPatternBindingSyntax(b.raw)!
            let names = patternNames(b.at(binding.pattern))
            let type = binding.typeAnnotation.map { a in typeText(b.at(a).at(a.type)) }
            if let acc = binding.accessorBlock, acc.accessors.kind == .codeBlockItemList {
                return .branch([statements(b.at(acc).at(acc.accessors)!)], line: line(b))
            }
            return .bind(names: names, type: type, value: binding.initializer.map { i in expr(b.at(i).at(i.value)) }, line: line(b))
        }
    }

    func typeText(_ n: RNode) -> String { source.squeezed(n) }

    func patternNames(_ p: RNode) -> [String] {
        if let id = RawIdentifierPatternSyntax(p.raw) { return [id.identifier.sourceString] }
        if let t = RawTuplePatternSyntax(p.raw) {
            return p.at(t.elements).elements.flatMap { e in patternNames(e.at(RawTuplePatternElementSyntax(e.raw)!.pattern)) }
        }
        if let vb = RawValueBindingPatternSyntax(p.raw) { return patternNames(p.at(vb.pattern)) }
        return ["_"]
    }

    mutating func body(_ n: RNode, _ block: RawCodeBlockSyntax) -> [Stmt] { statements(n.at(block).at(block.statements)) }

    mutating func statement(stmt s: RNode) -> [Stmt] {
        switch s.kind {
        case .returnStmt:
            let r = RawReturnStmtSyntax(s.raw)!
            return [.ret(r.expression.map { expr(s.at($0)) }, line: line(s))]
        case .expressionStmt:
            return expressionStatement(s.at(RawExpressionStmtSyntax(s.raw)!.expression))
        case .guardStmt:
            let g = RawGuardStmtSyntax(s.raw)!
            var pre = conditions(s.at(g.conditions))
            let elseBody = body(s, g.body)
            pre.append(.branch([elseBody], line: line(s)))
            return pre
        case .forStmt:
            let f = RawForStmtSyntax(s.raw)!
            let names = patternNames(s.at(f.pattern))
            // The loop variable is an element of the sequence (`xs[]`: a collection's value is the union of its elements).
            let element = Expr.subscripted(expr(s.at(f.sequence)), [])
            return [.branch([[.bind(names: names, type: nil, value: element, line: line(s))] + body(s, f.body)], line: line(s))]
        case .whileStmt:
            let w = RawWhileStmtSyntax(s.raw)!
            return conditions(s.at(w.conditions)) + [.branch([body(s, w.body)], line: line(s))]
        case .repeatStmt:
            let r = RawRepeatStmtSyntax(s.raw)!
            return [.branch([body(s, r.body)], line: line(s)), .expr(expr(s.at(r.condition)), line: line(s))]
        case .doStmt:
            let d = RawDoStmtSyntax(s.raw)!
            var blocks = [body(s, d.body)]
            for c in s.at(d.catchClauses).elements { blocks.append(body(c, RawCatchClauseSyntax(c.raw)!.body)) }
            return [.branch(blocks, line: line(s))]
        case .deferStmt:
            return [.branch([body(s, RawDeferStmtSyntax(s.raw)!.body)], line: line(s))]
        case .throwStmt:
            return [.expr(expr(s.at(RawThrowStmtSyntax(s.raw)!.expression)), line: line(s))]
        default:
            return []
        }
    }

    mutating func expressionStatement(_ e: RNode) -> [Stmt] {
        switch e.kind {
        case .ifExpr: return ifStatement(e)
        case .switchExpr: return [switchStatement(e)]
        case .sequenceExpr:
            if let a = assignment(e) { return [a] }
        case .infixOperatorExpr:
            let inf = RawInfixOperatorExprSyntax(e.raw)!
            if inf.operator.raw.kind == .assignmentExpr {
                return [.assign(expr(e.at(inf.leftOperand)), expr(e.at(inf.rightOperand)), line: line(e))]
            }
        default: break
        }
        return [.expr(expr(e), line: line(e))]
    }

    mutating func ifStatement(_ n: RNode) -> [Stmt] {
        let i = RawIfExprSyntax(n.raw)!
        // `if case .x = value { … }` guards the body with a pattern. In a condition list
        // (`if let e = event as? E, case .x = e { … }`) each pattern guards the conditions after it and the
        // body, so the case is not lost when it is not the only condition.
        var then = body(n, i.body)
        for c in n.at(i.conditions).elements.reversed() {
            let condition = c.at(RawConditionElementSyntax(c.raw)!.condition)!
            if let m = RawMatchingPatternConditionSyntax(condition.raw) {
                let initializer = condition.at(m.initializer)
                then = [.matchIf(expr(initializer.at(m.initializer.value)), casePattern(condition.at(m.pattern)), then, line: line(n))]
            } else {
                if let s = self.condition(c) { then.insert(s, at: 0) }
            }
        }
        var blocks = [then]
        if let elseBody = n.at(i.elseBody) {
            if elseBody.kind == .ifExpr { blocks.append(ifStatement(elseBody)) }
            else if let block = RawCodeBlockSyntax(elseBody.raw) { blocks.append(statements(elseBody.at(block.statements))) }
            else { blocks.append([]) }
        } else {
            blocks.append([])
        }
        return [.branch(blocks, line: line(n))]
    }

    mutating func conditions(_ list: RNode) -> [Stmt] {
        list.elements.compactMap { condition($0) }
    }

    mutating func condition(_ c: RNode) -> Stmt? {
        let n = c.at(RawConditionElementSyntax(c.raw)!.condition)!
        if let b = RawOptionalBindingConditionSyntax(n.raw) {
            let names = patternNames(n.at(b.pattern))
            // `if let coordinator` (shorthand) binds the same name.
            let value = b.initializer.map { i in expr(n.at(i).at(i.value)) } ?? .ref(names.first ?? "_")
            return .bind(names: names, type: b.typeAnnotation.map { a in typeText(n.at(a).at(a.type)) }, value: value, line: line(n))
        }
        if let m = RawMatchingPatternConditionSyntax(n.raw) {
            let p = casePattern(n.at(m.pattern))
            return .bind(names: p.bindings, type: p.castType, value: expr(n.at(m.initializer).at(m.initializer.value)), line: line(n))
        }
        if n.kind == .availabilityCondition || !RawExprSyntax.isKindOf(n.raw) { return nil }
        return .expr(expr(n), line: line(n))
    }

    mutating func switchStatement(_ n: RNode) -> Stmt {
        let sw = RawSwitchExprSyntax(n.raw)!
        var cases: [SwitchCase] = []
        var fallsThrough: [Bool] = []
        for element in n.at(sw.cases).elements {
            guard let c = RawSwitchCaseSyntax(element.raw) else { continue }
            let body = statements(element.at(c.statements))
            fallsThrough.append(element.at(c.statements).elements.contains { item in
                item.at(RawCodeBlockItemSyntax(item.raw)!.item)?.kind == .fallThroughStmt
            })
            let label = element.at(c.label)!
            if let l = RawSwitchCaseLabelSyntax(label.raw) {
                let patterns = label.at(l.caseItems).elements.map { item in casePattern(item.at(RawSwitchCaseItemSyntax(item.raw)!.pattern)) }
                let isCatchAll = patterns.allSatisfy { $0.caseName == nil && $0.castType == nil && $0.typeName == nil }
                cases.append(SwitchCase(patterns: patterns, isDefault: isCatchAll, body: body, line: line(element)))
            } else {
                cases.append(SwitchCase(patterns: [], isDefault: true, body: body, line: line(element)))
            }
        }
        // `fallthrough` runs the next case's body: an arm that ends in one does what that body does too.
        for i in cases.indices.reversed() where fallsThrough[i] && i + 1 < cases.count {
            cases[i].body += cases[i + 1].body
        }
        return .switchOn(expr(n.at(sw.subject)), cases, line: line(n))
    }

    /// Reads a `case` pattern: the first enum case matched (and the type written before it), the names it
    /// binds and a cast type (`let e as AppEvents.Shop`, `is T`), in source order. A bare `case x`
    /// compares with a value: it binds nothing.
    func casePattern(_ p: RNode) -> CasePattern {
        var found = CasePattern(caseName: nil)
        find(p, &found)
        return found
    }

    /// `binding`: inside `let`/`var` (`case let .plain(_, handler)`), where a bare name binds.
    private func find(_ n: RNode, _ found: inout CasePattern, binding: Bool = false) {
        switch n.kind {
        case .functionCallExpr where found.caseName == nil:
            // The case's payload: each binding sits at its position, `_` holds the place of a skipped one
            // (`.plain(_, let handler)` binds the second value).
            let call = RawFunctionCallExprSyntax(n.raw)!
            find(n.at(call.calledExpression), &found, binding: binding)
            var payload: [String?] = []
            for a in n.at(call.arguments).elements {
                let before = found.bindings.count
                let value = a.at(RawLabeledExprSyntax(a.raw)!.expression)
                find(value, &found, binding: binding)
                if found.bindings.count == before { found.bindings.append("_") }
                // `.orders(.second)`, `.orders(.second(let x))`: the case the payload must be.
                var inner = CasePattern(caseName: nil)
                if value.kind == .memberAccessExpr || value.kind == .functionCallExpr { find(value, &inner) }
                payload.append(inner.caseName)
            }
            if payload.contains(where: { $0 != nil }) { found.payloadCases = payload }
        case .valueBindingPattern:
            for c in n.elements { find(c, &found, binding: true) }
        case .memberAccessExpr:
            if found.caseName == nil {
                let m = RawMemberAccessExprSyntax(n.raw)!
                found.caseName = m.declName.baseName.sourceString
                if let base = m.base { found.typeName = source.squeezed(n.at(base)) }
            }
        case .identifierPattern:
            found.bindings.append(RawIdentifierPatternSyntax(n.raw)!.identifier.sourceString)
        case .typeExpr:
            found.castType = source.squeezed(n.at(RawTypeExprSyntax(n.raw)!.type))
        case .isTypePattern:
            found.castType = source.squeezed(n.at(RawIsTypePatternSyntax(n.raw)!.type))
        case .declReferenceExpr:
            if binding { found.bindings.append(RawDeclReferenceExprSyntax(n.raw)!.baseName.sourceString) }
        default:
            for c in n.elements { find(c, &found, binding: binding) }
        }
    }

    mutating func assignment(_ n: RNode) -> Stmt? {
        let elements = n.at(RawSequenceExprSyntax(n.raw)!.elements).elements.array
        guard let idx = elements.firstIndex(where: { $0.kind == .assignmentExpr }) else { return nil }
        let lhs = sequence(elements[..<idx])
        let rhs = sequence(elements[(idx + 1)...])
        return .assign(lhs, rhs, line: line(n))
    }

    // MARK: - Expressions

    mutating func arguments(_ n: RNode, _ list: RawLabeledExprListSyntax) -> [Argument] {
        n.at(list).elements.map { a in
            let arg = RawLabeledExprSyntax(a.raw)!
            return Argument(label: arg.label?.sourceString, value: expr(a.at(arg.expression)))
        }
    }

    mutating func expr(_ e: RNode) -> Expr {
        depth += 1
        defer { depth -= 1 }
        if depth > Extractor.maximumDepth {
            if !depthExceeded { depthExceeded = true; depthExceededLine = line(e) }
            return .other([])
        }
        switch e.kind {
        case .declReferenceExpr: return ref(RawDeclReferenceExprSyntax(e.raw)!.baseName.sourceString)
        case .memberAccessExpr:
            let m = RawMemberAccessExprSyntax(e.raw)!
            return .member(m.base.map { expr(e.at($0)) }, m.declName.baseName.sourceString, line: line(e.at(m.declName)))
        case .functionCallExpr:
            let c = RawFunctionCallExprSyntax(e.raw)!
            var args = arguments(e, c.arguments)
            if let t = c.trailingClosure { args.append(Argument(label: nil, value: expr(e.at(t)))) }
            for t in e.at(c.additionalTrailingClosures).elements {
                let element = RawMultipleTrailingClosureElementSyntax(t.raw)!
                args.append(Argument(label: element.label.sourceString, value: expr(t.at(element.closure))))
            }
            let callee = e.at(c.calledExpression)
            let calleeLine: Int
            if let m = RawMemberAccessExprSyntax(callee.raw) { calleeLine = line(callee.at(m.declName)) } else { calleeLine = line(e) }
            return .call(expr(callee), args, line: calleeLine)
        case .closureExpr:
            let cl = RawClosureExprSyntax(e.raw)!
            var params: [String] = []
            if let sig = cl.signature, let clause = sig.parameterClause {
                let c = e.at(sig).at(clause)!
                if RawClosureShorthandParameterListSyntax(clause) != nil {
                    params = c.elements.map { RawClosureShorthandParameterSyntax($0.raw)!.name.sourceString }
                } else if let pc = RawClosureParameterClauseSyntax(clause) {
                    params = c.at(pc.parameters).elements.map { p in
                        let param = RawClosureParameterSyntax(p.raw)!
                        return (param.secondName ?? param.firstName).sourceString
                    }
                }
            }
            return .closure(Closure(parameters: params, body: statements(e.at(cl.statements)), line: line(e)))
        case .stringLiteralExpr:
            let s = RawStringLiteralExprSyntax(e.raw)!
            let text = e.at(s.segments).elements.compactMap { RawStringSegmentSyntax($0.raw)?.content.sourceString }.joined()
            return .literal(text)
        case .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr:
            return .literal(source.trimmed(e))
        case .nilLiteralExpr: return .literal("nil")
        case .arrayExpr:
            let a = RawArrayExprSyntax(e.raw)!
            return .array(e.at(a.elements).elements.map { el in expr(el.at(RawArrayElementSyntax(el.raw)!.expression)) })
        case .dictionaryExpr:
            let d = RawDictionaryExprSyntax(e.raw)!
            if RawDictionaryElementListSyntax(d.content) != nil {
                let elements = e.at(d.content)!.elements.array
                return .dictionary(elements.map { el in expr(el.at(RawDictionaryElementSyntax(el.raw)!.key)) },
                                   elements.map { el in expr(el.at(RawDictionaryElementSyntax(el.raw)!.value)) })
            }
            return .array([])
        case .tupleExpr:
            let t = RawTupleExprSyntax(e.raw)!
            let elements = e.at(t.elements).elements.array
            if elements.count == 1, let only = RawLabeledExprSyntax(elements[0].raw), only.label == nil {
                return expr(elements[0].at(only.expression))
            }
            return .tuple(arguments(e, t.elements))
        case .asExpr:
            let a = RawAsExprSyntax(e.raw)!
            return .cast(expr(e.at(a.expression)), typeText(e.at(a.type)))
        case .forceUnwrapExpr: return expr(e.at(RawForceUnwrapExprSyntax(e.raw)!.expression))
        case .optionalChainingExpr: return expr(e.at(RawOptionalChainingExprSyntax(e.raw)!.expression))
        case .tryExpr: return expr(e.at(RawTryExprSyntax(e.raw)!.expression))
        case .awaitExpr: return expr(e.at(RawAwaitExprSyntax(e.raw)!.expression))
        case .sequenceExpr: return sequence(e.at(RawSequenceExprSyntax(e.raw)!.elements).elements.array[...])
        case .infixOperatorExpr:
            let i = RawInfixOperatorExprSyntax(e.raw)!
            if let op = RawBinaryOperatorExprSyntax(i.operator), op.operator.sourceString == "??" {
                return .choice([expr(e.at(i.leftOperand)), expr(e.at(i.rightOperand))])
            }
            return .other([expr(e.at(i.leftOperand)), expr(e.at(i.rightOperand))])
        case .ternaryExpr:
            let t = RawTernaryExprSyntax(e.raw)!
            return .choice([expr(e.at(t.thenExpression)), expr(e.at(t.elseExpression))])
        case .subscriptCallExpr:
            let s = RawSubscriptCallExprSyntax(e.raw)!
            return .subscripted(expr(e.at(s.calledExpression)), arguments(e, s.arguments))
        case .genericSpecializationExpr: return ref(source.squeezed(e))
        case .typeExpr: return ref(typeText(e.at(RawTypeExprSyntax(e.raw)!.type)))
        case .superExpr: return ref("super")
        case .prefixOperatorExpr: return .other([expr(e.at(RawPrefixOperatorExprSyntax(e.raw)!.expression))])
        case .postfixOperatorExpr: return .other([expr(e.at(RawPostfixOperatorExprSyntax(e.raw)!.expression))])
        case .ifExpr: return .choice(ifBranchesAsExprs(e))
        case .macroExpansionExpr: return .other(arguments(e, RawMacroExpansionExprSyntax(e.raw)!.arguments).map(\.value))
        case .isExpr: return .other([expr(e.at(RawIsExprSyntax(e.raw)!.expression))])
        case .patternExpr: return ref(source.spaced(e))
        default: return .other([])
        }
    }

    /// The last expression of a code block, when its last item is an expression.
    private mutating func lastExpression(_ block: RNode) -> Expr? {
        guard let last = block.at(RawCodeBlockSyntax(block.raw)!.statements).elements.array.last else { return nil }
        let item = last.at(RawCodeBlockItemSyntax(last.raw)!.item)!
        guard !RawDeclSyntax.isKindOf(item.raw), !RawStmtSyntax.isKindOf(item.raw) else { return nil }
        return expr(item)
    }

    mutating func ifBranchesAsExprs(_ n: RNode) -> [Expr] {
        let i = RawIfExprSyntax(n.raw)!
        var out: [Expr] = []
        if let e = lastExpression(n.at(i.body)) { out.append(e) }
        if let elseBody = n.at(i.elseBody) {
            if elseBody.kind == .ifExpr { out.append(contentsOf: ifBranchesAsExprs(elseBody)) }
            else if elseBody.kind == .codeBlock, let e = lastExpression(elseBody) { out.append(e) }
        }
        return out
    }

    /// An unfolded operator sequence: handles `??`, ternaries and `as` casts, and keeps operands of others.
    mutating func sequence(_ elements: ArraySlice<RNode>) -> Expr {
        if elements.count == 1 { return expr(elements[elements.startIndex]) }
        var operands: [Expr] = []
        var sawCoalesce = false
        var sawOther = false
        var i = elements.startIndex
        while i < elements.endIndex {
            let el = elements[i]
            if el.kind == .unresolvedAsExpr, i + 1 < elements.endIndex, let typeExpr = RawTypeExprSyntax(elements[i + 1].raw),
               let last = operands.popLast() {
                operands.append(.cast(last, typeText(elements[i + 1].at(typeExpr.type))))
                i += 2
                continue
            }
            if let op = RawBinaryOperatorExprSyntax(el.raw) {
                if op.operator.sourceString == "??" { sawCoalesce = true } else { sawOther = true }
            } else if let t = RawUnresolvedTernaryExprSyntax(el.raw) {
                sawCoalesce = true
                operands.append(expr(el.at(t.thenExpression)))
            } else if el.kind == .unresolvedIsExpr || el.kind == .assignmentExpr || el.kind == .arrowExpr {
                sawOther = true
            } else {
                operands.append(expr(el))
            }
            i += 1
        }
        if operands.count == 1 { return operands[0] }
        if sawCoalesce && !sawOther { return .choice(operands) }
        return .other(operands)
    }
}
