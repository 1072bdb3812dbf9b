import NavGraphExtract
import NavGraphModel
import XCTest

final class ExtractTests: XCTestCase {
    func testDeclarationsInheritanceAndNestedTypes() {
        let facts = Extractor.extract(path: "A.swift", source: """
        import UIKit
        final class CartCoordinator: NavigationCoordinator<CartRoute>, CartOpening {
            enum Page { case list, detail(Item) }
            weak var delegate: CartDelegate?
            lazy var router = AppRouter(window: window!)
            override func start() { show(page: .list) }
            func show(page: Page, animated: Bool = true) {}
        }
        typealias Flow = CartCoordinator
        """)
        XCTAssertEqual(facts.imports, ["UIKit"])
        let cart = facts.types.first { $0.name == "CartCoordinator" }!
        XCTAssertEqual(cart.kind, .class)
        XCTAssertEqual(cart.inherited, ["NavigationCoordinator<CartRoute>", "CartOpening"])
        XCTAssertEqual(cart.line, 2)
        XCTAssertEqual(cart.properties.map(\.name), ["delegate", "router"])
        XCTAssertTrue(cart.properties[0].isWeak)
        XCTAssertEqual(cart.properties[0].type, "CartDelegate?")
        XCTAssertTrue(cart.properties[1].isLazy)
        XCTAssertEqual(cart.functions.map(\.selector), ["start()", "show(page:animated:)"])
        XCTAssertTrue(cart.functions[0].isOverride)
        XCTAssertEqual(cart.functions[1].parameters.map(\.label), ["page", "animated"])
        let page = facts.types.first { $0.name == "CartCoordinator.Page" }!
        XCTAssertEqual(page.cases.map(\.name), ["list", "detail"])
        XCTAssertEqual(page.cases[1].associatedTypes, ["Item"])
        XCTAssertEqual(facts.types.first { $0.name.isEmpty }?.typealiases["Flow"], "CartCoordinator")
        XCTAssertFalse(facts.isPartial)
    }

    /// Functions, initializers and properties are read from the raw tree (`Walker.function`,
    /// `initializer`, `properties`): each part as the typed tree gives it.
    func testFunctionInitializerAndPropertyPartsFromTheRawTree() {
        let facts = Extractor.extract(path: "P.swift", source: """
        final class ProfileViewController: UIViewController {
            static let shared = ProfileViewController()
            private(set) lazy var rows: [String : Int] = [:]
            weak   var delegate : ProfileDelegate?
            unowned let owner: Owner
            override var title: String? { get { "Profile" } set { } }
            var count: Int { rows.count }
            let (left, right) = (1, 2)
            @objc @IBAction private static func tapped(_ sender: Any, with event: UIEvent? = nil) -> [String : Int]? { return nil }
            @available(iOS 13, *)
            override class func make(for id: Int, animated: Bool = true) -> Self { fatalError() }
            override convenience init(style: Style = .plain) { self.init() }
            func open() {
                show(1)
            }
        }
        """)
        let t = facts.types.first { $0.name == "ProfileViewController" }!
        XCTAssertEqual(t.properties.map(\.name), ["shared", "rows", "delegate", "owner", "title", "count"])
        XCTAssertEqual(t.properties.map(\.type), [nil, "[String:Int]", "ProfileDelegate?", "Owner", "String?", "Int"])
        XCTAssertEqual(t.properties.map(\.line), [2, 3, 4, 5, 6, 7])
        XCTAssertEqual(t.properties.map(\.isStatic), [true, false, false, false, false, false])
        XCTAssertEqual(t.properties.map(\.isLazy), [false, true, false, false, false, false])
        XCTAssertEqual(t.properties.map(\.isWeak), [false, false, true, true, false, false])
        XCTAssertEqual(t.properties.map(\.isOverride), [false, false, false, false, true, false])
        XCTAssertEqual(t.properties[0].initializer, .call(.ref("ProfileViewController"), [], line: 2))
        XCTAssertNil(t.properties[2].initializer)
        XCTAssertEqual(t.properties[4].getter?.count, 1)  // the `get` accessor's body
        XCTAssertEqual(t.properties[5].getter?.count, 1)  // a getter without accessors
        XCTAssertNil(t.properties[1].getter)

        // The `set` accessor of `title` is the method that storing into it runs.
        XCTAssertEqual(t.functions.first?.selector, "__navgraph_set_title(_:)")
        let functions = t.functions.filter { !$0.name.hasPrefix("__navgraph_set_") }
        XCTAssertEqual(functions.map(\.selector), ["tapped(_:with:)", "make(for:animated:)", "init(style:)", "open()"])
        XCTAssertEqual(functions.map(\.line), [9, 11, 12, 13])
        let tapped = functions[0], make = functions[1], initializer = functions[2], open = functions[3]
        XCTAssertEqual(tapped.attributes, ["objc", "IBAction"])
        XCTAssertEqual(tapped.modifiers, ["private", "static"])
        XCTAssertTrue(tapped.isStatic)
        XCTAssertEqual(tapped.returnType, "[String:Int]?")
        XCTAssertEqual(tapped.parameters.map(\.label), [nil, "with"])
        XCTAssertEqual(tapped.parameters.map(\.name), ["sender", "event"])
        XCTAssertEqual(tapped.parameters.map(\.type), ["Any", "UIEvent?"])
        XCTAssertEqual(tapped.parameters.map(\.defaultValue), [nil, .literal("nil")])
        XCTAssertEqual(make.attributes, ["available"])
        XCTAssertEqual(make.modifiers, ["override", "class"])
        XCTAssertTrue(make.isStatic && make.isOverride)
        XCTAssertEqual(make.returnType, "Self")
        XCTAssertEqual(make.parameters.map(\.defaultValue), [nil, .literal("true")])
        XCTAssertEqual(initializer.modifiers, ["override", "convenience"])
        XCTAssertTrue(initializer.isOverride)
        XCTAssertNil(initializer.returnType)
        XCTAssertEqual(initializer.parameters.map(\.defaultValue), [.member(nil, "plain", line: 12)])
        XCTAssertEqual(open.body, [.expr(.call(.ref("show"), [Argument(label: nil, value: .literal("1"))], line: 14), line: 14)])
        XCTAssertTrue(open.modifiers.isEmpty && open.attributes.isEmpty && !open.isStatic)
    }

    func testStatementsCallsAssignmentsCastsAndSwitches() {
        let facts = Extractor.extract(path: "B.swift", source: """
        class C {
            func start() {
                let vc = DetailViewController.instantiate()
                vc.coordinator = self
                navigationController?.pushViewController(vc, animated: true)
                let other = storyboard.instantiateViewController(withIdentifier: "X") as! XViewController
                if let c = coordinator { c.finish() } else { fallback() }
                switch route {
                case .home: showHome()
                case .item(let id): show(id)
                default: break
                }
                items.forEach { [weak self] item in self?.open(item) }
                return
            }
        }
        """)
        let body = facts.types[0].functions[0].body!
        guard case .bind(let names, nil, .call(.member(.ref("DetailViewController")?, "instantiate", _), [], 3)?, 3) = body[0] else {
            return XCTFail("\(body[0])")
        }
        XCTAssertEqual(names, ["vc"])
        guard case .assign(.member(.ref("vc")?, "coordinator", _), .ref("self"), 4) = body[1] else { return XCTFail("\(body[1])") }
        guard case .expr(.call(.member(.ref("navigationController")?, "pushViewController", 5), let args, 5), 5) = body[2] else { return XCTFail("\(body[2])") }
        XCTAssertEqual(args.map(\.label), [nil, "animated"])
        guard case .bind(["other"], nil, .cast(.call(_, _, _), "XViewController")?, 6) = body[3] else { return XCTFail("\(body[3])") }
        guard case .branch(let blocks, 7) = body[4] else { return XCTFail("\(body[4])") }
        XCTAssertEqual(blocks.count, 2)
        guard case .switchOn(.ref("route"), let cases, 8) = body[5] else { return XCTFail("\(body[5])") }
        XCTAssertEqual(cases.map { $0.patterns.map(\.caseName) }, [["home"], ["item"], []])
        XCTAssertEqual(cases[1].patterns[0].bindings, ["id"])
        XCTAssertTrue(cases[2].isDefault)
        guard case .expr(.call(.member(.ref("items")?, "forEach", _), let fe, _), _) = body[6], case .closure(let cl) = fe[0].value else {
            return XCTFail("\(body[6])")
        }
        XCTAssertEqual(cl.parameters, ["item"])
        guard case .ret(nil, 14) = body[7] else { return XCTFail("\(body[7])") }
    }

    func testSyntaxErrorsAreReportedAndTheRestIsKept() {
        let facts = Extractor.extract(path: "Broken.swift", source: """
        class Good: UIViewController {}
        class Broken {
            func f( {
        }
        """)
        XCTAssertTrue(facts.isPartial)
        XCTAssertEqual(facts.diagnostics.count, 1)
        XCTAssertTrue(facts.diagnostics[0].contains("syntax errors"), facts.diagnostics[0])
        XCTAssertTrue(facts.types.contains { $0.name == "Good" })
    }

    func testSuppressionComments() {
        let facts = Extractor.extract(path: "S.swift", source: """
        // navgraph:disable:next dead-route - kept for the spring campaign
        func a() {}
        func b() {} // navgraph:disable:this unreachable-screen
        // navgraph:disable unhandled-action, dead-route
        // navgraph:enable dead-route
        """)
        XCTAssertEqual(facts.suppressions.map(\.scope), [.next, .this, .file, .enable])
        XCTAssertEqual(facts.suppressions[0].rules, ["dead-route"])
        XCTAssertEqual(facts.suppressions[0].reason, "kept for the spring campaign")
        XCTAssertEqual(facts.suppressions[2].rules, ["unhandled-action", "dead-route"])
        XCTAssertEqual(facts.suppressions.map(\.line), [1, 3, 4, 5])
    }

    func testFactsAreCodableForCaching() throws {
        let facts = Extractor.extract(path: "C.swift", source: "class A: B { func f() { g(x: .y, { z in z.w() }) } }")
        let data = try JSONEncoder().encode(facts)
        XCTAssertEqual(try JSONDecoder().decode(FileFacts.self, from: data), facts)
    }
}
