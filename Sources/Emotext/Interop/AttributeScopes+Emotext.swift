import Foundation

extension AttributeScopes {
  /// Emotext's attributes for Foundation's `AttributedString`, with Foundation's own scope nested, as
  /// Apple's `UIKitAttributes` and `SwiftUIAttributes` nest it.
  ///
  /// An emoticon attachment is one U+FFFC carrying ``EmoticonAttribute`` (the character an
  /// `NSTextAttachment` occupies); text keeps its entity (``EntityAttribute``) and the host's string
  /// attributes (``HostAttributesAttribute``).
  ///
  /// ```swift
  /// let attributed = AttributedString(post)
  /// for run in attributed.runs where run.emoticon != nil {
  ///   print(run.emoticon!.token)   // "[哈哈]"
  /// }
  /// ```
  public struct EmotextAttributes: AttributeScope {
    /// The emoticon an attachment character (U+FFFC) stands for.
    public let emoticon: EmoticonAttribute
    /// The entity (`@mention`, `#topic#`, link) a text run is.
    public let entity: EntityAttribute
    /// The host's own string attributes of a text run (``TextAttributes/hostAttributes``).
    public let hostAttributes: HostAttributesAttribute
    /// Foundation's attributes (links, presentation intents, …), so one scope decodes both.
    public let foundation: FoundationAttributes
  }

  /// Emotext's attribute scope (`AttributeScopes.EmotextAttributes`).
  public var emotext: EmotextAttributes.Type { EmotextAttributes.self }
}

extension AttributeScopes.EmotextAttributes {
  /// The attribute of an attachment character: the emoticon, as written and as its catalog code.
  public enum EmoticonAttribute: CodableAttributedStringKey {
    /// What the attachment character stands for.
    public struct Value: Hashable, Sendable, Codable {
      /// The spelling written into post text (`[愛你]`), which reading back looks up in the catalog.
      public var token: String
      /// The emoticon's catalog code (`[爱你]`), for a host that keys its images by code.
      public var code: String

      /// An emoticon attribute value of `token`, whose catalog code is `code`.
      public init(token: String, code: String) {
        self.token = token
        self.code = code
      }
    }

    /// `"emotext.emoticon"`.
    public static let name = "emotext.emoticon"
    // Note: text typed next to an attachment must not become an attachment itself.
    /// `false`: text inserted next to an attachment does not carry the emoticon.
    public static let inheritedByAddedText = false
  }

  /// The attribute of entity text: what kind of entity it is (the value is the text itself).
  public enum EntityAttribute: CodableAttributedStringKey {
    /// `mention`, `topic` or `link`.
    public typealias Value = TextAttributes.Entity
    /// `"emotext.entity"`.
    public static let name = "emotext.entity"
  }

  /// The attribute holding a host's string attributes of a text run.
  public enum HostAttributesAttribute: CodableAttributedStringKey {
    /// The host's keys and values, carried unchanged.
    public typealias Value = [String: String]
    /// `"emotext.hostAttributes"`.
    public static let name = "emotext.hostAttributes"
  }
}

extension AttributeDynamicLookup {
  /// Emotext's attributes by name on runs and containers: `run.emoticon`, `run.entity`.
  public subscript<T: AttributedStringKey>(
    dynamicMember keyPath: KeyPath<AttributeScopes.EmotextAttributes, T>
  ) -> T {
    self[T.self]
  }
}
