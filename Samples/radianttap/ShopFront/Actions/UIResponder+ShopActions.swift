import UIKit
import Coordinator

/// Every message a screen can send up the coordinatingResponder chain.
///
/// The default implementation of each method just forwards to the next
/// coordinating responder; coordinators (or view controllers) override the
/// ones they care about.
extension UIResponder {

    // MARK: - Catalog

    @objc dynamic func catalogShowProduct(item: ProductBox, sender: Any?) {
        coordinatingResponder?.catalogShowProduct(item: item, sender: sender)
    }

    @objc dynamic func catalogToggleFavorite(item: ProductBox, sender: Any?) {
        coordinatingResponder?.catalogToggleFavorite(item: item, sender: sender)
    }

    @objc dynamic func productShare(item: ProductBox, sender: Any?) {
        coordinatingResponder?.productShare(item: item, sender: sender)
    }

    // MARK: - Cart

    @objc dynamic func cartAdd(item: ProductBox, sender: Any?) {
        coordinatingResponder?.cartAdd(item: item, sender: sender)
    }

    @objc dynamic func cartRemove(item: ProductBox, sender: Any?) {
        coordinatingResponder?.cartRemove(item: item, sender: sender)
    }

    @objc dynamic func cartCheckout(sender: Any?) {
        coordinatingResponder?.cartCheckout(sender: sender)
    }

    @objc dynamic func checkoutPlaceOrder(sender: Any?) {
        coordinatingResponder?.checkoutPlaceOrder(sender: sender)
    }

    // MARK: - Account

    @objc dynamic func accountLogin(sender: Any?) {
        coordinatingResponder?.accountLogin(sender: sender)
    }

    @objc dynamic func accountLogout(sender: Any?) {
        coordinatingResponder?.accountLogout(sender: sender)
    }

    @objc dynamic func accountSubmitCredentials(email: String, password: String, sender: Any?) {
        coordinatingResponder?.accountSubmitCredentials(email: email, password: password, sender: sender)
    }

    @objc dynamic func accountLoginCancel(sender: Any?) {
        coordinatingResponder?.accountLoginCancel(sender: sender)
    }

    @objc dynamic func accountForgotPassword(email: String?, sender: Any?) {
        coordinatingResponder?.accountForgotPassword(email: email, sender: sender)
    }

    @objc dynamic func accountResetPassword(email: String, sender: Any?) {
        coordinatingResponder?.accountResetPassword(email: email, sender: sender)
    }

    @objc dynamic func accountDeleteAccount(sender: Any?) {
        coordinatingResponder?.accountDeleteAccount(sender: sender)
    }

    // MARK: - Global

    @objc dynamic func globalDisplay(page: PageBox, sender: Any?) {
        coordinatingResponder?.globalDisplay(page: page, sender: sender)
    }
}
