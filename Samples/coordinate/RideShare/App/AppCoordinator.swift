import UIKit
import Coordinate

/// Top of the tree. Starts on the splash screen, then swaps the whole stack
/// for either the sign-in screen or the main tab bar.
final class AppCoordinator: NavigationCoordinator<SplashViewController> {

    var activeRoute: Route?

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        rootViewController.navigationController?.setNavigationBarHidden(true, animated: false)
    }

    override func interceptEvent(_ event: CoordinateEvents) -> Bool {
        if let e = event as? AppEvents.Splash {
            switch e {
            case .didFinishLoading(let isSignedIn):
                if isSignedIn {
                    goTo(.main(nil))
                } else {
                    goTo(.signIn)
                }
            }
            return true
        }

        if let e = event as? AppEvents.Session, case .didSignIn(let user) = e {
            RideService.shared.currentUser = user
            goTo(.main(.request))
            return true
        }

        if let e = event as? AppEvents.Profile, case .didTapSignOut = e {
            RideService.shared.signOut()
            goTo(.signIn)
            return true
        }

        return false
    }
}

extension AppCoordinator: HasRoutes {

    enum Route {
        case signIn
        case main(MainTabCoordinator.Route?)
    }

    func goTo(_ route: Route) {
        switch route {
        case .signIn:
            let c = getCached(SignInCoordinator.self) ?? SignInCoordinator()
            root(c)

        case .main(let sub):
            let c = getCached(MainTabCoordinator.self) ?? MainTabCoordinator()
            c.activeRoute = sub
            root(c)
        }
    }
}
