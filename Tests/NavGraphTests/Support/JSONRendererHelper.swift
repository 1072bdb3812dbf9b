import NavGraphPresent

enum JSONRendererHelper {
    static func json(_ report: AnalysisReport) -> String { JSONRenderer.render(report) }
}
