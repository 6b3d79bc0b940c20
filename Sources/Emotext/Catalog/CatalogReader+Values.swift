import Foundation

/// Typed values out of property lists and JSON, each problem reported with where it is.
extension CatalogReader {
  /// The top-level dictionary of `file`, JSON when `isJSON` (by default, when its extension is `.json`), else a
  /// property list.
  mutating func dictionary(file: String, isJSON: Bool? = nil) -> [String: Any]? {
    let location = CatalogLocation(file: file)
    let isJSON = isJSON ?? file.hasSuffix(".json")
    let data: Data
    switch files.contents(of: file, maximumByteCount: EmoticonCatalog.maximumFileByteCount) {
    case .success(let contents): data = contents
    case .failure(let problem):
      let error: CatalogError =
        switch problem {
        case .missing: .missingFile(location)
        case .notRegularFile(let kind): .notARegularFile(location, found: kind)
        case .tooLarge(let byteCount, let maximumByteCount):
          .fileTooLarge(location, byteCount: byteCount, maximumByteCount: maximumByteCount)
        case .unreadable(let reason): .unreadableFile(location, reason: reason)
        }
      errors.append(error)
      return nil
    }
    let value: Any
    do {
      value =
        isJSON
        ? try JSONSerialization.jsonObject(with: data, options: [])
        : try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      errors.append(
        .malformedFile(location, detail: isJSON ? Self.locatingJSONError(detail, in: data) : detail))
      return nil
    }
    guard let dictionary = value as? [String: Any] else {
      errors.append(
        .malformedFile(location, detail: "expected a dictionary at the top level, found \(describe(value))"))
      return nil
    }
    return dictionary
  }

  /// Foundation's message about JSON that does not parse, with the line and column it means in front:
  /// `Invalid value around character 39.` → `line 3, column 14: invalid value`. Foundation gives a 0-based
  /// byte offset ("character"), or none at the end of the input; the column counts bytes from 1, as every
  /// FILE:LINE:COLUMN of the command line does.
  static func locatingJSONError(_ message: String, in data: Data) -> String {
    let marker = " around character "
    var text = message.hasSuffix(".") ? String(message.dropLast()) : message
    var utf8Offset = data.count
    if let range = text.range(of: marker), let offset = Int(text[range.upperBound...]) {
      utf8Offset = min(offset, data.count)
      text = String(text[..<range.lowerBound])
    }
    let before = data.prefix(utf8Offset)
    let line = 1 + before.count { $0 == UInt8(ascii: "\n") }
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
    let column = utf8Offset - (lineStart - data.startIndex) + 1
    return "line \(line), column \(column): \(text.prefix(1).lowercased() + text.dropFirst())"
  }

  mutating func string(_ dictionary: [String: Any], _ key: String, at location: CatalogLocation) -> String? {
    guard let value = dictionary[key] else {
      errors.append(.missingKey(location.appending(key)))
      return nil
    }
    guard let text = value as? String else {
      errors.append(.wrongValue(location.appending(key), expected: "a string", found: describe(value)))
      return nil
    }
    return text
  }

  mutating func optionalString(_ dictionary: [String: Any], _ key: String, at location: CatalogLocation)
    -> String?
  {
    guard dictionary[key] != nil else { return nil }
    return string(dictionary, key, at: location)
  }

  mutating func array(_ dictionary: [String: Any], _ key: String, at location: CatalogLocation) -> [Any]? {
    guard let value = dictionary[key] else {
      errors.append(.missingKey(location.appending(key)))
      return nil
    }
    guard let array = value as? [Any] else {
      errors.append(.wrongValue(location.appending(key), expected: "an array", found: describe(value)))
      return nil
    }
    return array
  }

  /// A flag written as a boolean, a number or a string (`1`, `"1"`, `true`, `"true"`).
  func truthValue(_ value: Any) -> Bool? {
    if let number = value as? NSNumber { return number.doubleValue != 0 }
    if let text = value as? String { return ["1", "true", "yes"].contains(text.lowercased()) }
    return nil
  }

  func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }

  /// A short description of a value for error messages: `a number 3`, `a string "x"`, `an array`.
  func describe(_ value: Any) -> String {
    switch value {
    case let text as String: text.isEmpty ? "an empty string" : "the string \(quoted(String(text.prefix(40))))"
    case let number as NSNumber: isBoolean(number) ? "the boolean \(number.boolValue)" : "the number \(number)"
    case is [Any]: "an array"
    case is [String: Any], is [AnyHashable: Any]: "a dictionary"
    case is NSNull: "null"
    case is Data: "data"
    case is Date: "a date"
    default: "a value of type \(type(of: value))"
    }
  }
}
