import UIKit

final class ImportRecipeViewController: UIViewController, Storyboarded {
    weak var coordinator: ImportRecipeCoordinator?

    @IBOutlet private var urlField: UITextField!
    @IBOutlet private var importButton: UIButton!
    @IBOutlet private var activityIndicator: UIActivityIndicatorView!

    private var task: URLSessionDataTask?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Import Recipe"
        navigationItem.largeTitleDisplayMode = .never
        urlField.keyboardType = .URL
        urlField.autocapitalizationType = .none
        if let pasted = UIPasteboard.general.url {
            urlField.text = pasted.absoluteString
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        task?.cancel()
    }

    @IBAction func importTapped(_ sender: UIButton) {
        guard let text = urlField.text, let url = URL(string: text), url.scheme?.hasPrefix("http") == true else {
            showError("Paste a link that starts with https://")
            return
        }

        setLoading(true)
        task = URLSession.shared.dataTask(with: url) { [weak self] data, _, error in
            DispatchQueue.main.async {
                guard let self else { return }
                self.setLoading(false)
                guard error == nil,
                      let data,
                      let recipe = try? JSONDecoder().decode(Recipe.self, from: data) else {
                    self.showError("We couldn't read a recipe from that link.")
                    return
                }
                self.coordinator?.recipeImported(recipe)
            }
        }
        task?.resume()
    }

    private func setLoading(_ loading: Bool) {
        importButton.isEnabled = !loading
        loading ? activityIndicator.startAnimating() : activityIndicator.stopAnimating()
    }

    private func showError(_ message: String) {
        let alert = UIAlertController(title: "Import failed", message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
