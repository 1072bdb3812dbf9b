import Foundation

final class AccountManager {

    enum AuthError: Error {
        case invalidCredentials
        case network
    }

    private(set) var email: String?
    private(set) var orders: [Order] = []

    var isSignedIn: Bool { email != nil }

    func signIn(email: String, password: String, completion: @escaping (Result<Void, AuthError>) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.4) { [weak self] in
            guard password.count >= 6 else {
                completion(.failure(.invalidCredentials))
                return
            }
            self?.email = email
            completion(.success(()))
        }
    }

    func signOut() {
        email = nil
        orders.removeAll()
    }

    func record(_ order: Order) {
        orders.insert(order, at: 0)
    }

    func requestPasswordReset(for email: String, completion: @escaping (Bool) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
            completion(!email.isEmpty)
        }
    }
}
