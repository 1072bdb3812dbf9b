public enum NavGraphVersion {
    public static let current = "0.1.0"
}
