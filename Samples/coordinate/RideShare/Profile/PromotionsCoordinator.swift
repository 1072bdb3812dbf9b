import UIKit
import Coordinate

/// Promo codes screen. Built for the spring campaign; the entry point on the
/// profile tab was pulled before release.
final class PromotionsCoordinator: Coordinator<PromotionsViewController> {

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        rootViewController.codes = ["SPRING10", "AIRPORT5"]
    }
}
