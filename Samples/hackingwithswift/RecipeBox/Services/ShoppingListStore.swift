import Foundation

struct ShoppingItem: Codable, Hashable {
    var name: String
    var quantity: String
    var isChecked = false
}

final class ShoppingListStore {
    static let shared = ShoppingListStore()

    private(set) var items: [ShoppingItem] = []
    private let fileURL: URL

    init(fileManager: FileManager = .default) {
        let documents = fileManager.urls(for: .documentDirectory, in: .userDomainMask)[0]
        fileURL = documents.appendingPathComponent("shopping-list.json")
        load()
    }

    var uncheckedCount: Int {
        items.filter { !$0.isChecked }.count
    }

    func add(_ item: ShoppingItem) {
        items.append(item)
    }

    func add(_ ingredients: [Ingredient]) {
        let existing = Set(items.map { $0.name.lowercased() })
        let fresh = ingredients
            .filter { !existing.contains($0.name.lowercased()) }
            .map { ShoppingItem(name: $0.name, quantity: $0.quantity) }
        items.append(contentsOf: fresh)
    }

    func toggle(at index: Int) {
        guard items.indices.contains(index) else { return }
        items[index].isChecked.toggle()
    }

    func remove(at index: Int) {
        guard items.indices.contains(index) else { return }
        items.remove(at: index)
    }

    func clearChecked() {
        items.removeAll { $0.isChecked }
    }

    func save() {
        do {
            let data = try JSONEncoder().encode(items)
            try data.write(to: fileURL, options: .atomic)
        } catch {
            print("ShoppingListStore: failed to save – \(error)")
        }
    }

    private func load() {
        guard let data = try? Data(contentsOf: fileURL),
              let decoded = try? JSONDecoder().decode([ShoppingItem].self, from: data) else { return }
        items = decoded
    }
}
