import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPresent

struct ChainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chain",
        abstract: "Print the responder, event or delegate path of each action a screen sends.",
        discussion: """
        For every action SCREEN sends (or only ACTION), prints the responders the message passes, from the \
        sender up to the one that handles it, with what each does with it (sender, forwards, pass-through, \
        partial, terminal, deferred) and where its override is. Unhandled messages say why. \
        ACTION is the full name (cartAdd(item:sender:)), the name without labels (cartAdd) or an event's case.

        Examples:
          navgraph chain Samples/radianttap/ShopFront CatalogViewController
          navgraph chain ShopFront ProductDetailViewController productShare
          navgraph chain RideShare RideDetailViewController didTapReportIssue
        """
    )

    @OptionGroup var input: InputOptions

    @Argument(help: "The screen (or coordinator) that sends the actions.")
    var screen: String

    @Argument(help: "Only this action.")
    var action: String?

    func run() throws {
        let analysis = try input.analyze()
        do {
            Console.out(try ChainRenderer.render(analysis.report.graph, sender: screen, action: action))
        } catch let e as ChainRenderer.Failure {
            Console.error("error: \(e.description)")
            throw ExitCode(ExitCodes.usage)
        }
    }
}
