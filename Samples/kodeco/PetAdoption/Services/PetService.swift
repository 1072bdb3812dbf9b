//
//  PetService.swift
//  PetAdoption
//

import Foundation

final class PetService {

    enum SubmissionError: LocalizedError {
        case invalidApplication
        case alreadyAdopted

        var errorDescription: String? {
            switch self {
            case .invalidApplication: return "Please fill in your name, email and phone number."
            case .alreadyAdopted: return "Someone has already adopted this pet."
            }
        }
    }

    static let shared = PetService()

    private(set) var pets: [Pet] = [
        Pet(id: 1, name: "Biscuit", species: .dog, breed: "Beagle mix", ageInMonths: 30, size: .medium,
            bio: "Loves long walks and longer naps.", photoNames: ["biscuit-1", "biscuit-2"]),
        Pet(id: 2, name: "Miso", species: .cat, breed: "Domestic shorthair", ageInMonths: 8, size: .small,
            bio: "Curious kitten, already litter trained.", photoNames: ["miso-1"]),
        Pet(id: 3, name: "Clover", species: .rabbit, breed: "Holland Lop", ageInMonths: 14, size: .small,
            bio: "Gentle, enjoys cilantro and chin scratches.", photoNames: ["clover-1", "clover-2", "clover-3"]),
        Pet(id: 4, name: "Atlas", species: .dog, breed: "German Shepherd", ageInMonths: 60, size: .large,
            bio: "Calm senior looking for a quiet home.", photoNames: ["atlas-1"])
    ]

    private var adoptedIDs: Set<Int> = []
    private let defaults = UserDefaults.standard

    var favoritePets: [Pet] {
        let ids = Set(defaults.array(forKey: "favoritePetIDs") as? [Int] ?? [])
        return pets.filter { ids.contains($0.id) }
    }

    func pets(of species: Pet.Species?) -> [Pet] {
        guard let species = species else { return pets }
        return pets.filter { $0.species == species }
    }

    func submit(_ application: AdoptionApplication, completion: @escaping (Result<Void, SubmissionError>) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { [weak self] in
            guard let self = self else { return }
            guard application.isValid else {
                completion(.failure(.invalidApplication))
                return
            }
            guard !self.adoptedIDs.contains(application.petID) else {
                completion(.failure(.alreadyAdopted))
                return
            }
            self.adoptedIDs.insert(application.petID)
            completion(.success(()))
        }
    }
}
