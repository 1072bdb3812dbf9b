import NavGraphModel

/// Memo keys of the interpreter. WHY structs and not strings: they are built on every call, and building
/// and hashing a long interpolated string was most of what a call cost. A key is looked up, inserted and
/// removed several times per call, so its hash is computed once.
struct MemoKey: WordHashed {
    /// The key's parts live in an object: a dictionary bucket holds a reference and the hash, not some
    /// 200 bytes. WHY: growing the memo moved every key, and at 80,000 calls that was a tenth of the
    /// instantiation's time.
    private final class Parts {
        let kind: MemoKeyKind
        init(_ kind: MemoKeyKind) { self.kind = kind }
    }
    private let parts: Parts
    let wordHash: UInt64

    var kind: MemoKeyKind { parts.kind }

    static func function(_ key: FunctionCallKey) -> MemoKey { MemoKey(.function(key)) }
    static func getter(_ key: GetterCallKey) -> MemoKey { MemoKey(.getter(key)) }
    static func closure(id: Int, reachable: Bool, muted: Int, arguments: [Values]) -> MemoKey {
        MemoKey(.closure(id: id, reachable: reachable, muted: muted, arguments: arguments))
    }

    private init(_ kind: MemoKeyKind) {
        self.parts = Parts(kind)
        self.wordHash = kind.wordHash
    }

    static func == (a: MemoKey, b: MemoKey) -> Bool { a.wordHash == b.wordHash && (a.parts === b.parts || a.kind == b.kind) }
}

enum MemoKeyKind: WordHashed {
    /// A function run with `self` of a type, in a context (see `Interpreter.invoke`).
    case function(FunctionCallKey)
    /// A closure run with the given arguments (see `Interpreter.invokeClosures`).
    case closure(id: Int, reachable: Bool, muted: Int, arguments: [Values])
    /// A computed property's getter run in a context (see `Interpreter.runGetter`).
    case getter(GetterCallKey)

    var wordHash: UInt64 {
        switch self {
        case .function(let key): return WordHasher.mixed(1, key.wordHash)
        case .closure(let id, let reachable, let muted, let arguments):
            var w = WordHasher()
            w.combine(2)
            w.combine(id)
            w.combine(reachable)
            w.combine(muted)
            for a in arguments { w.combine(word: a.wordHash) }
            return w.value
        case .getter(let key): return WordHasher.mixed(3, key.wordHash)
        }
    }
}

/// A function called in a context (the callee's frame context) with arguments.
struct FunctionCallKey: WordHashed {
    var context: CallContext
    /// `FunctionRef.memoID`: same owner and signature, same function.
    var function: Int
    var arguments: Locals<Values>
    var muted: Int

    var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(word: context.wordHash)
        w.combine(function)
        w.combine(muted)
        w.combine(word: arguments.wordHash { $0.wordHash })
        return w.value
    }
}

/// What of the code around it code run inline can see and add to besides its frame: whether navigation
/// is muted, the route arm building values, the coordinator collecting presents, a containment check,
/// and whether unreachable screens wait (see `Interpreter.surroundings`).
struct Surroundings: WordHashed {
    var muted: Int
    var routeArm: String?
    var routeArmOwner: String?
    var presentsOwner: Owner?
    var containing: Bool
    var deferring: Bool

    var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(muted)
        w.combine(routeArm)
        w.combine(routeArmOwner)
        w.combine(presentsOwner?.name)
        w.combine(containing)
        w.combine(deferring)
        return w.value
    }
}

/// A getter run in a context: the getter frame's context, and what of the code around it a getter can
/// add to (the route arm building values, the coordinator collecting presents, a containment check), as
/// for a dead arm (`DeadArmContext`).
struct GetterCallKey: WordHashed {
    var context: CallContext
    /// Which property, by the interpreter's number for it (`Interpreter.getterIDs`).
    var property: Int
    var surroundings: Surroundings

    var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(word: context.wordHash)
        w.combine(property)
        w.combine(word: surroundings.wordHash)
        return w.value
    }
}

/// A closure literal in a capturing context with the values it captures: evaluating the same literal in
/// the same context gives the same closure value.
struct ClosureSite: WordHashed {
    var file: String
    var line: Int
    var selfType: String?
    var selfSite: Int
    var owner: Owner?
    var via: String?
    var reachable: Bool
    var environment: Locals<Values>

    var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(file)
        w.combine(line)
        w.combine(selfType)
        w.combine(selfSite)
        w.combine(owner?.name)
        w.combine(via)
        w.combine(reachable)
        w.combine(word: environment.wordHash { $0.wordHash })
        return w.value
    }
}

/// A function a type ran with reachable code (`Interpreter.runUnreachable` runs the others).
struct ExecutedFunction: WordHashed {
    var type: String
    var function: Int

    var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(type)
        w.combine(function)
        return w.value
    }
}

/// A property initializer run this round, for reachable or unreachable code.
struct InitializedProperty: Hashable {
    var key: NamePair
    var reachable: Bool
}

/// A switch arm run as unreachable code, in its context (see `Interpreter.runDeadArm`).
struct DeadArmKey: WordHashed {
    /// The switch statement, by its cases' storage: it lives as long as the function body holding it.
    var cases: UInt
    var arm: Int
    /// `Interpreter.deadArmContext`.
    var context: Int
    /// The route the running code is under, for an arm that is not a route's own (see `Interpreter.runSwitch`).
    var via: String?
    /// The locals the arm names, with their values.
    var locals: Locals<Values>

    var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(word: UInt64(cases))
        w.combine(arm)
        w.combine(context)
        w.combine(via)
        w.combine(word: locals.wordHash { $0.wordHash })
        return w.value
    }
}

/// What a switch's arms can see of the running code's frame, but the values of the locals (their sizes
/// count: a closure literal's identity does, see `ClosureSite`), and of the interpreter's stacks.
struct DeadArmContext: WordHashed {
    var enumType: String?
    var file: String
    var origin: DeclOrigin
    /// The frame's context without its route (`DeadArmKey.via` has it when it matters).
    var context: CallContext
    var codeOwner: String?
    var function: String?
    var returnType: String?
    var localSizes: Locals<Int>
    var localTypes: Locals<String>
    var surroundings: Surroundings

    var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(enumType)
        w.combine(file)
        w.combine(origin == .app)
        w.combine(word: context.wordHash)
        w.combine(codeOwner)
        w.combine(function)
        w.combine(returnType)
        w.combine(word: localSizes.wordHash { UInt64(bitPattern: Int64($0)) })
        w.combine(word: localTypes.wordHash { $0.wordHash })
        w.combine(word: surroundings.wordHash)
        return w.value
    }
}

/// A constructor call of a helper class (see `Interpreter.sitedTypes`), and the constructor call that made
/// the `self` it ran in (a helper making a helper): one instance site each. WHY the enclosing call: a
/// wrapper class every flow makes keeps a list of `Weak` boxes, which would otherwise be one for all flows.
/// Only one level, so sites are finite.
struct ObjectSiteKey: Hashable {
    var call: SourceLocation
    var enclosing: SourceLocation?
}
