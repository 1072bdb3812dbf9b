/// The names the interpreter looks for by spelling, derived from the constants of this module. Families
/// add their own (`FamilyAdapter.spelledNames`).
public enum Vocabulary {
    public static let names: Set<String> = UIKitType.names
        .union(UIKitMember.names)
        .union(SwiftName.names)
        .union(ConventionName.names)
}
