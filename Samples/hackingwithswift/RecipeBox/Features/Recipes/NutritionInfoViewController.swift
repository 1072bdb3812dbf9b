import UIKit

/// Per-serving nutrition breakdown for a recipe.
final class NutritionInfoViewController: UIViewController {
    var recipe: Recipe?

    private let stackView = UIStackView()
    private let caloriesLabel = UILabel()
    private let servingsLabel = UILabel()
    private let disclaimerLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Nutrition"
        view.backgroundColor = .systemGroupedBackground

        stackView.axis = .vertical
        stackView.spacing = 12
        stackView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stackView)
        NSLayoutConstraint.activate([
            stackView.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stackView.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stackView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 24)
        ])

        caloriesLabel.font = .preferredFont(forTextStyle: .largeTitle)
        servingsLabel.font = .preferredFont(forTextStyle: .body)
        disclaimerLabel.font = .preferredFont(forTextStyle: .footnote)
        disclaimerLabel.textColor = .secondaryLabel
        disclaimerLabel.numberOfLines = 0
        disclaimerLabel.text = "Values are estimates based on the listed ingredients."

        [caloriesLabel, servingsLabel, disclaimerLabel].forEach(stackView.addArrangedSubview)
        configure()
    }

    private func configure() {
        guard let recipe else { return }
        caloriesLabel.text = "\(recipe.caloriesPerServing) kcal"
        servingsLabel.text = "per serving · \(recipe.servings) servings · \(recipe.calories) kcal total"
    }
}
