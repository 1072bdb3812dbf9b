import UIKit
import Coordinator

/// Modal sign-in flow with its own navigation controller.
/// Started and presented by AccountCoordinator; reports back via `coordinatorDidFinish`.
final class LoginCoordinator: NavigationCoordinator {

    enum Page {
        case signIn
        case resetPassword(email: String?)
    }

    var page: Page = .signIn

    var appDependency: AppDependency?

    // MARK: - Lifecycle

    override func start() {
        super.start()
        setupActivePage()
    }

    // MARK: - Pages

    func setupActivePage(_ page: Page? = nil) {
        let p = page ?? self.page
        self.page = p

        switch p {
        case .signIn:
            root(LoginViewController())

        case .resetPassword(let email):
            let vc = PasswordResetViewController(prefilledEmail: email)
            show(vc)
        }
    }

    private func finish() {
        parent?.coordinatorDidFinish(self)
    }

    // MARK: - Coordinating messages

    override func accountSubmitCredentials(email: String, password: String, sender: Any?) {
        let loginScreen = sender as? LoginViewController
        loginScreen?.setBusy(true)

        appDependency?.account.signIn(email: email, password: password) { [weak self] result in
            loginScreen?.setBusy(false)
            switch result {
            case .success:
                self?.finish()
            case .failure:
                loginScreen?.showError(NSLocalizedString("Email or password is incorrect.", comment: ""))
            }
        }
    }

    override func accountLoginCancel(sender: Any?) {
        finish()
    }

    override func accountForgotPassword(email: String?, sender: Any?) {
        setupActivePage(.resetPassword(email: email))
    }

    override func accountResetPassword(email: String, sender: Any?) {
        appDependency?.account.requestPasswordReset(for: email) { [weak self] _ in
            self?.pop()
        }
    }
}
