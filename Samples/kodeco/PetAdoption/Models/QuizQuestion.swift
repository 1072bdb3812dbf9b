//
//  QuizQuestion.swift
//  PetAdoption
//

import Foundation

struct QuizAnswer: Hashable {
    let title: String
    /// Points this answer adds to each species.
    let scores: [Pet.Species: Int]
}

struct QuizQuestion {
    let prompt: String
    let answers: [QuizAnswer]
}

extension QuizQuestion {

    static let livingSpace = QuizQuestion(
        prompt: "Where do you live?",
        answers: [
            QuizAnswer(title: "Apartment", scores: [.cat: 2, .rabbit: 2]),
            QuizAnswer(title: "House with a yard", scores: [.dog: 3]),
            QuizAnswer(title: "Shared flat", scores: [.cat: 1, .rabbit: 1])
        ])

    static let dailyRoutine = QuizQuestion(
        prompt: "How much time are you away from home?",
        answers: [
            QuizAnswer(title: "I work from home", scores: [.dog: 3]),
            QuizAnswer(title: "Office, 8 hours a day", scores: [.cat: 3]),
            QuizAnswer(title: "It varies a lot", scores: [.rabbit: 1, .cat: 1])
        ])

    static let experience = QuizQuestion(
        prompt: "Have you had a pet before?",
        answers: [
            QuizAnswer(title: "Never", scores: [.rabbit: 1, .cat: 2]),
            QuizAnswer(title: "Yes, as a kid", scores: [.cat: 1, .dog: 1]),
            QuizAnswer(title: "Yes, I've trained dogs", scores: [.dog: 3])
        ])
}
