import Foundation

/// The versioned JSON document format:
/// `{"version": 1, "runs": [{"text": "好"}, {"emoticon": "[哈哈]"}, {"text": "@某人", "entity": "mention"}]}`.
///
/// ```swift
/// let post = BracketTokenizer(catalog: .default).tokenize("好[愛你]")
/// let json = post.documentJSON      // {"version":1,"runs":[{"text":"好"},{"emoticon":"[愛你]"}]}
/// let back = try RichText(documentJSON: json, catalog: .default)
/// back == post                                 // true
/// ```
///
/// A text run is `{"text": …}` with optional `"entity"` (`mention`, `topic`, `link`) and `"attributes"`
/// (the host's string attributes); an attachment is `{"emoticon": spelling}`, the code or alias it was
/// written with, which the decoding catalog must know.
extension RichText: Codable {
  /// The format version this library writes and reads.
  public static let documentFormatVersion = 1

  /// The key in `Decoder.userInfo` for the ``EmoticonCatalog`` that resolves emoticons; without it,
  /// decoding uses ``EmoticonCatalog/default``.
  public static let catalogUserInfoKey = CodingUserInfoKey(rawValue: "Emotext.EmoticonCatalog")!

  private enum DocumentKey: String, CodingKey {
    case version, runs
  }

  private enum RunKey: String, CodingKey {
    case text, entity, attributes, emoticon
  }

  /// The document in the JSON format (compact, keys in a fixed order): what ``init(documentJSON:catalog:)``
  /// reads back, and what `JSONEncoder` writes for this document.
  /// - Complexity: O(*n*) in the UTF-8 length, written from the tree's leaves (`appendDocumentJSON(to:)`).
  public var documentJSON: String {
    var output: [UInt8] = []
    appendDocumentJSON(to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Decodes the JSON format, resolving emoticons in `catalog`.
  /// - Throws: ``DocumentDecodingError`` naming the path, e.g. `runs[3].emoticon: unknown emoticon "[xx]"`.
  public init(documentJSON: String, catalog: EmoticonCatalog = .default) throws(DocumentDecodingError) {
    let decoder = JSONDecoder()
    decoder.userInfo[Self.catalogUserInfoKey] = catalog
    do {
      self = try decoder.decode(RichText.self, from: Data(documentJSON.utf8))
    } catch let error as DecodingError {
      throw DocumentDecodingError(error)
    } catch {
      throw DocumentDecodingError(path: "", message: "\(error)")
    }
  }

  public init(from decoder: any Decoder) throws {
    let catalog = decoder.userInfo[Self.catalogUserInfoKey] as? EmoticonCatalog ?? .default
    let container = try decoder.container(keyedBy: DocumentKey.self)
    let version = try container.decode(Int.self, forKey: .version)
    guard version == Self.documentFormatVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription: "unsupported version \(version) (expected \(Self.documentFormatVersion))")
    }
    var list = try container.nestedUnkeyedContainer(forKey: .runs)
    var runs: [Run] = []
    while !list.isAtEnd {
      let run = try list.nestedContainer(keyedBy: RunKey.self)
      switch (run.contains(.text), run.contains(.emoticon)) {
      case (true, false):
        let text = try run.decode(String.self, forKey: .text)
        var attributes = TextAttributes()
        if let entity = try run.decodeIfPresent(String.self, forKey: .entity) {
          guard let value = TextAttributes.Entity(rawValue: entity) else {
            throw DecodingError.dataCorruptedError(
              forKey: .entity, in: run,
              debugDescription: "unknown entity \"\(entity)\" (expected mention, topic or link)")
          }
          attributes.entity = value
        }
        attributes.hostAttributes = try run.decodeIfPresent([String: String].self, forKey: .attributes) ?? [:]
        runs.append(.text(text, attributes))
      case (false, true):
        let token = try run.decode(String.self, forKey: .emoticon)
        guard let attachment = EmoticonAttachment(token: token, in: catalog) else {
          throw DecodingError.dataCorruptedError(
            forKey: .emoticon, in: run, debugDescription: "unknown emoticon \"\(token)\"")
        }
        runs.append(.emoticon(attachment))
      default:
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: run.codingPath, debugDescription: "expected exactly one of \"text\" or \"emoticon\""))
      }
    }
    self.init(runs: runs)
  }

  /// Encodes the document JSON (``documentJSON``): the same members in the same order, each text run (one
  /// per run, however many leaves it spans) as one string.
  /// - Complexity: O(*n*) in the UTF-8 length; one `String` per text run, which the `Encoder` API takes.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DocumentKey.self)
    try container.encode(Self.documentFormatVersion, forKey: .version)
    var list = container.nestedUnkeyedContainer(forKey: .runs)
    var text = ""
    try forEachPiece { piece in
      if case .emoticon = piece.content {
        var run = list.nestedContainer(keyedBy: RunKey.self)
        try run.encode(String(decoding: piece.utf8, as: UTF8.self), forKey: .emoticon)
        return true
      }
      let utf8 = String(decoding: piece.utf8, as: UTF8.self)
      if piece.continuesRun { text += utf8 } else { text = utf8 }
      guard piece.endsRun, case .text(let attributes) = piece.content else { return true }
      var run = list.nestedContainer(keyedBy: RunKey.self)
      try run.encode(text, forKey: .text)
      if let entity = attributes.entity { try run.encode(entity.rawValue, forKey: .entity) }
      if !attributes.hostAttributes.isEmpty {
        var members = run.nestedContainer(keyedBy: HostAttributeKey.self, forKey: .attributes)
        for (key, value) in attributes.hostAttributes.sorted(by: { $0.key < $1.key }) {
          try members.encode(value, forKey: HostAttributeKey(stringValue: key))
        }
      }
      return true
    }
  }
}

/// A host attribute's name as a coding key, so `encode(to:)` writes them in the order it chooses (sorted).
private struct HostAttributeKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// A document JSON that could not be decoded, with the path to the offending value.
public struct DocumentDecodingError: Error, Equatable, CustomStringConvertible {
  /// Where, e.g. `runs[3].emoticon`; empty for the whole input.
  public var path: String
  /// What was wrong, e.g. `unknown emoticon "[xx]"`.
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  init(_ error: DecodingError) {
    switch error {
    case .typeMismatch(let type, let context):
      self.init(path: Self.path(context.codingPath), message: "expected \(Self.name(of: type))")
    case .valueNotFound(let type, let context):
      self.init(path: Self.path(context.codingPath), message: "expected \(Self.name(of: type)), found null")
    case .keyNotFound(let key, let context):
      self.init(path: Self.path(context.codingPath + [key]), message: "missing")
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
      let message =
        context.codingPath.isEmpty ? "invalid JSON" + (underlying.map { " (\($0))" } ?? "") : context.debugDescription
      self.init(path: Self.path(context.codingPath), message: message)
    @unknown default:
      self.init(path: "", message: "\(error)")
    }
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }

  private static func path(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += (result.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return result
  }

  private static func name(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "an integer"
    case is [String: String].Type: "an object of strings"
    default: "\(type)"
    }
  }
}
