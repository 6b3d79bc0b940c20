// The Unicode layer's public part (Backspace modes, line breaks, terminal cell widths, the Unicode version,
// NFC's error) is part of what a host uses with `import Emotext`; the rest of that layer is `package`.
@_exported import EmotextUnicode
