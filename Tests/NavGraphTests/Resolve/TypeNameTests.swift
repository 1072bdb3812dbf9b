@testable import NavGraphResolve
import XCTest

/// The written-type helpers work on UTF-8 bytes (every character they look for is ASCII); these are the
/// answers the earlier Character-based versions gave, edge cases included.
final class TypeNameTests: XCTestCase {
    func testBaseNameStripsOptionalityExistentialsParenthesesGenericsAndMetatypes() {
        let cases: [(String, String)] = [
            ("CartCoordinator", "CartCoordinator"), ("Cart.Page", "Cart.Page"), ("", ""),
            ("Foo?", "Foo"), ("Foo!", "Foo"), ("Foo?!", "Foo"), ("?", ""),
            ("any Foo", "Foo"), ("some Foo", "Foo"), ("some some Foo", "Foo"), ("any some Foo", "Foo"), ("anyFoo", "anyFoo"),
            ("(Foo)", "Foo"), ("(Foo)?", "Foo"), ("((A))", "(A)"), ("()", ""), ("(", "("), (")", ")"),
            ("(A) -> B", "(A) -> B"), ("(A, B)", "(A, B)"), ("(A & B)?", "A & B"), ("some (A & B)", "A & B"),
            ("StrongRouter<AppRoute>?", "StrongRouter"), ("Foo<(A) -> B>", "Foo"), ("Dictionary<String, Int>", "Dictionary"),
            ("Foo.Type", "Foo"), ("Foo.Type?", "Foo"), ("any Foo.Type", "Foo"), ("Foo.Bar<T>.Type", "Foo.Bar"),
            ("[Foo]", "[Foo]"), ("[Foo]?", "[Foo]"), ("Café?", "Café"), ("(Crème)", "Crème"),
        ]
        for (written, base) in cases {
            XCTAssertEqual(TypeIndex.baseName(written), base, written)
        }
    }

    func testComponentsSplitACompositionAndTakeEachPartsBaseName() {
        let cases: [(String, [String])] = [
            ("Foo", ["Foo"]), ("Foo?", ["Foo"]), ("A&B", ["A", "B"]), ("(A&B)?", ["A", "B"]),
            ("(any A&B)", ["A", "B"]), ("A & B", ["A ", " B"]), ("&&A&", ["A"]), ("&", []), ("", []),
            ("(A) -> B", ["(A) -> B"]), ("(A, B)", ["A, B"]), ("((A))", ["A"]), ("Router<R>&Presentable", ["Router", "Presentable"]),
        ]
        for (written, parts) in cases {
            XCTAssertEqual(TypeIndex.components(written), parts, written)
        }
    }

    func testNamePartsAreFoundAtDots() {
        XCTAssertEqual(TypeIndex.enclosingName("Cart.Page.Item"), "Cart.Page")
        XCTAssertNil(TypeIndex.enclosingName("Cart"))
        XCTAssertEqual(TypeIndex.firstPart("Cart.Page.Item"), "Cart")
        XCTAssertEqual(TypeIndex.firstPart("Cart"), "Cart")
        XCTAssertEqual(TypeIndex.firstPart(".page"), "")
        XCTAssertEqual(TypeIndex.simpleName("Onboarding/Login.Page"), "Page")
        XCTAssertEqual(TypeIndex.simpleName("Crème.Brûlée"), "Brûlée")
    }
}
