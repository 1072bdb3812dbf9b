import UIKit
import XCoordinator

extension Transition {
    /// A `.present` that opts out of the iOS 13 card style, for flows that own the whole screen.
    static func presentFullScreen(_ presentable: Presentable, animation: Animation? = nil) -> Transition {
        if let viewController = presentable.viewController {
            viewController.modalPresentationStyle = .fullScreen
            viewController.modalPresentationCapturesStatusBarAppearance = true
        }
        return .present(presentable, animation: animation)
    }
}

extension Animation {
    /// Fades in; slides down on the way out. The dismissal is interactive so a pan can drive it.
    static let gallery = Animation(
        presentation: InteractiveTransitionAnimation(duration: 0.25) { context in
            guard let toView = context.view(forKey: .to) else {
                return context.completeTransition(false)
            }
            toView.alpha = 0
            context.containerView.addSubview(toView)
            UIView.animate(withDuration: 0.25, animations: { toView.alpha = 1 }, completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
        },
        dismissal: InteractiveTransitionAnimation(duration: 0.3) { context in
            guard let fromView = context.view(forKey: .from) else {
                return context.completeTransition(false)
            }
            let distance = context.containerView.bounds.height
            UIView.animate(withDuration: 0.3, animations: {
                fromView.transform = CGAffineTransform(translationX: 0, y: distance)
            }, completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    )
}
