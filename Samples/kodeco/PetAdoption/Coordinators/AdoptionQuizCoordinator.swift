//
//  AdoptionQuizCoordinator.swift
//  PetAdoption
//

import UIKit

/// Walks the question screens in order, then shows the recommended species.
final class AdoptionQuizCoordinator: Coordinator {

    var children: [Coordinator] = []
    let router: Router

    private var answers: [Int: QuizAnswer] = [:]

    private lazy var questionViewControllers: [QuestionViewController] = [
        QuestionViewController.instantiate(delegate: self, question: .livingSpace, step: 1, of: 3),
        QuestionViewController.instantiate(delegate: self, question: .dailyRoutine, step: 2, of: 3),
        QuestionViewController.instantiate(delegate: self, question: .experience, step: 3, of: 3)
    ]

    private lazy var tipsViewController = AdoptionTipsViewController.instantiate(delegate: self)

    private lazy var resultViewController = QuizResultViewController.instantiate(delegate: self)

    init(router: Router) {
        self.router = router
    }

    func present(animated: Bool, onDismissed: (() -> Void)?) {
        let firstQuestion = questionViewControllers[0]
        router.present(firstQuestion, animated: animated, onDismissed: onDismissed)
    }

    // MARK: - Private

    private func showResult() {
        var totals: [Pet.Species: Int] = [:]
        for answer in answers.values {
            for (species, points) in answer.scores {
                totals[species, default: 0] += points
            }
        }
        resultViewController.recommendation = totals.max { $0.value < $1.value }?.key ?? .cat
        router.present(resultViewController, animated: true)
    }
}

// MARK: - QuestionViewControllerDelegate

extension AdoptionQuizCoordinator: QuestionViewControllerDelegate {

    func questionViewController(_ vc: QuestionViewController, didSelect answer: QuizAnswer) {
        guard let index = questionViewControllers.firstIndex(of: vc) else { return }
        answers[index] = answer

        let nextIndex = index + 1
        guard nextIndex < questionViewControllers.count else {
            showResult()
            return
        }
        router.present(questionViewControllers[nextIndex], animated: true)
    }
}

// MARK: - QuizResultViewControllerDelegate

extension AdoptionQuizCoordinator: QuizResultViewControllerDelegate {

    func quizResultViewController(_ vc: QuizResultViewController, didTapBrowse species: Pet.Species) {
        presentChild(PetBrowserCoordinator(router: ModalNavigationRouter(parentViewController: vc), species: species),
                     animated: true)
    }

    func quizResultViewControllerDidTapDone(_ vc: QuizResultViewController) {
        dismiss(animated: true)
    }
}
