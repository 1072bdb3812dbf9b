//
//  QuestionViewController.swift
//  PetAdoption
//

import UIKit

protocol QuestionViewControllerDelegate: AnyObject {
    func questionViewController(_ vc: QuestionViewController, didSelect answer: QuizAnswer)
}

final class QuestionViewController: UIViewController, StoryboardInstantiable {

    weak var delegate: QuestionViewControllerDelegate?

    private(set) var question: QuizQuestion!
    private(set) var stepText = ""

    @IBOutlet private weak var stepLabel: UILabel!
    @IBOutlet private weak var promptLabel: UILabel!
    @IBOutlet private weak var answersStackView: UIStackView!

    static func instantiate(delegate: QuestionViewControllerDelegate?,
                            question: QuizQuestion,
                            step: Int,
                            of total: Int) -> QuestionViewController {
        let viewController = instantiate(delegate: delegate)
        viewController.question = question
        viewController.stepText = "Question \(step) of \(total)"
        return viewController
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Find your match"
        stepLabel.text = stepText
        promptLabel.text = question.prompt

        for (index, answer) in question.answers.enumerated() {
            var configuration = UIButton.Configuration.tinted()
            configuration.title = answer.title
            configuration.cornerStyle = .large
            let button = UIButton(configuration: configuration)
            button.tag = index
            button.addTarget(self, action: #selector(answerTapped(_:)), for: .touchUpInside)
            answersStackView.addArrangedSubview(button)
        }
    }

    @objc private func answerTapped(_ sender: UIButton) {
        delegate?.questionViewController(self, didSelect: question.answers[sender.tag])
    }
}
