#!/usr/bin/env bash
# Mutation check: applies each deliberate bug listed below, one at a time, to a copy of the tree
# (Fuzz/.build/mutants/tree, kept between runs so only the mutated module rebuilds), runs the fast differential
# and property tests there, and with MUTANTS_FUZZ_SECONDS > 0 also fuzzes the mutant's targets for that long;
# then reports which mutants survived. None may survive: a survivor is a bug the safety net cannot see.
#
#   Fuzz/mutants.sh [NAME...]          (default: every mutant)
#   Fuzz/mutants.sh --since REV [NAME...]
#                                      only those whose file changed since REV (`git diff --name-only REV`:
#                                      commits after REV and uncommitted changes)
#   Fuzz/mutants.sh --list [--since REV] [NAME...]
#                                      print the names that would run, run nothing
#
#   MUTANTS_FILTER=REGEX      the swift test filter (default: the suites below)
#   MUTANTS_FUZZ_SECONDS=N    also fuzz each mutant's targets N seconds each (default 0: builds the ASan binary
#                             per mutant, about 5 minutes each on a shared machine)
#   MUTANTS_TIMEOUT=N         seconds a mutant's tests may take before it counts as killed by a hang (default 1800)
#
# The tree is built and tested with EMOTEXT_INTERNAL_CHECKS=1, as CI does. The unmutated copy is tested first
# and must pass, so a failure is the mutant's. A mutant whose text is not found (the code it mutates was
# rewritten) or that does not compile is reported as such, not as killed, and fails the run: update its line.
# Out of CI; the last whole run's result is written into Fuzz/README.md by this script.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/Fuzz/.build/mutants"
copy="$work/tree"
filter=${MUTANTS_FILTER:-'UnicodeReferenceTests|StorageDifferentialTests|FuzzRegressionTests|FuzzPropertyTests|PlantedDifferenceTests|EditorHostPropertyTests|GraphemeDifferentialTests|EditingTests|UndoLogTests|GraphemeLocalBreakTests|CanonicalFastPathTests|InLeafInsertionTests|KeystrokeFastPathTests|EntityStretchFastPathTests|LengthFastPathTests|UTF8FastValidationTests|TerminalLayoutFastPathTests|EntityRecognitionFastPathTests|RememberedQuietStretchTests|LeafSplitTests|EmoticonInsertionFastPathTests|RunContentTableTests|TokenScanChunkEdgeTests|MarkedQuietStretchTests|InsertionEdgeFastPathTests|BulkTokenizingTests|TokenTableLookupTests|UTF8CountsTests|DocumentTreeTests|PreparedLengthMeasureTests|PastedDocumentTrustTests|EditorClipboardTests|PatternTokenizerBacktrackingTests|CatalogFileBoundsTests|ReferenceTokensTests|TextUnitTests|EditorUnitsTests|EditorLengthLimitTests|BidiLineTests|CDocumentTests|CEditorDifferentialTests|URLFinderTests|URLFinderReferenceTests|PostTextSerializerTests|DocumentJSONWriterTests|HTMLRendererTests|HTMLRendererXSSTests|EditScriptTests|EditScriptHostTests|RecentEmoticonsTests|ReadingInPlaceTests'}
fuzz_seconds=${MUTANTS_FUZZ_SECONDS:-0}
limit=${MUTANTS_TIMEOUT:-1800}

# mutant NAME FILE TARGETS OLD NEW: replace the one occurrence of OLD in FILE by NEW; TARGETS are the fuzz targets
# (comma-separated) that exercise it.
names=()
declare -A files targets olds news
mutant() {
  names+=("$1")
  files[$1]=$2
  targets[$1]=$3
  olds[$1]=$4
  news[$1]=$5
}

mutant summary-off-by-one Sources/Emotext/Document/Summary.swift storage,edit \
  'utf16: lhs.utf16 + rhs.utf16,' \
  'utf16: lhs.utf16 + rhs.utf16 + (lhs.leaves == 2 ? 1 : 0),'
mutant skipped-leaf-split Sources/Emotext/Document/LeafBuilder.swift storage,edit \
  'if leafUTF8 + utf8Count > targetUTF8 || (!extending && descriptors.count >= targetDescriptors) { finishLeaf() }' \
  'if leafUTF8 + utf8Count > 2 * targetUTF8 || (!extending && descriptors.count >= targetDescriptors) { finishLeaf() }'
mutant dropped-undo-record Sources/Emotext/Editing/UndoSteps.swift edit,storage,editscript \
  'guard !isEmpty else { return }
      steps[steps.count - 1].changes.append' \
  'guard !isEmpty && change.change.insertedUTF16Count > 0 else { return }
      steps[steps.count - 1].changes.append'
mutant wrong-cluster-rule Sources/EmotextUnicode/GraphemeBreaks+Count.swift graphemes,storage \
  'case (_, .extend), (_, .zwj), (_, .spacingMark): return false  // GB9, GB9a' \
  'case (_, .extend), (_, .zwj): return false  // GB9, GB9a'
mutant canonicalization-forgets-token-after-caret Sources/Emotext/Editing/RichText+Canonical.swift edit,storage \
  'let matches = tokenizer.matches(in: text)' \
  'let matches = tokenizer.matches(in: text).filter {
        stretch.utf16Start + text.utf16Offset(ofUTF8Offset: $0.utf8Range.upperBound) <= caret
      }'
# Note: base + variation selector + modifier; no hand-written case has it, and the oracles used the library's
# own Backspace until UnicodeReference, so this one survived them.
mutant backspace-vs-modifier-base Sources/EmotextUnicode/Backspace.swift graphemes,edit,storage \
  'case .beforeVariationSelectorAndEmojiModifier:
        if scalar.icuIsEmojiModifierBase { deletionStart = scalarStart }' \
  'case .beforeVariationSelectorAndEmojiModifier:
        _ = scalar'

mutant local-boundary-too-eager Sources/EmotextUnicode/GraphemeBreaks+Local.swift graphemes,edit,storage \
  '(first | second) & 0x0F == GraphemeTable.Kind.other.rawValue' \
  '(first & second) & 0x0F == 0'
mutant canonical-shortcut-short-reach Sources/Emotext/Editing/RichText+Canonical.swift edit,storage \
  'let scanStart = utf16Range.lowerBound - reach - 1' \
  'let scanStart = utf16Range.lowerBound - reach / 2'
mutant in-leaf-insertion-split Sources/Emotext/Document/RichText+Leaf.swift storage,edit \
  'after.utf16Count -= split.utf16' \
  'after.utf16Count -= split.utf16 > 1 ? split.utf16 - 1 : split.utf16'
# Note: branch keys3's fast paths: the stretch walk's quiet bytes (0xC2 leads U+00A0 and U+0085, separators), a
# Backspace answered in a leaf's piece of a run that starts in the leaf before, the undo record's one-run slice.
mutant entity-quiet-nbsp Sources/Emotext/Editing/RichText+EntityStretch.swift edit,editscript \
  'case 0xC3...0xDF: return 2' \
  'case 0xC2...0xDF: return 2'
mutant piece-backspace-at-piece-start Sources/Emotext/Document/RichText+Graphemes.swift edit,storage,editscript \
  'deletion > 0 || mode == .platform' \
  'deletion >= 0 || mode == .platform'
mutant one-run-slice-scalars Sources/Emotext/Document/RichText+Editing.swift storage,edit,editscript \
  'let scalars = descriptor.isText ? String.counts(ofUTF8: piece).scalars : 1' \
  'let scalars = descriptor.isText ? piece.count : 1'
# Note: branch batch4's fast paths for `emotext count`, which no fuzz target runs (no TARGETS): the lengths read
# without a document (a token weighed from the wrong bytes), the word-at-a-time UTF-8 validation (an overlong E0
# form taken as a three-byte scalar).
mutant lengths-token-bytes Sources/Emotext/Length/BracketTokenizer+Lengths.swift '' \
  'weigher.weight(ofAttachmentToken: UnsafeBufferPointer(rebasing: bytes[utf8Range]))' \
  'weigher.weight(ofAttachmentToken: UnsafeBufferPointer(rebasing: bytes[utf8Range.dropFirst()]))'
mutant validation-overlong-e0 Sources/EmotextCLISupport/Batch/UTF8Validation+Fast.swift '' \
  'guard leadAndBit5 != 0 && leadAndBit5 != 0x20_0D else { return false }' \
  'guard leadAndBit5 != 0x20_0D else { return false }'

# Note: branch compose4's: a run at a leaf's edge read in place when the neighbouring leaf is not more of it, the
# undo steps dropped in batches past the limit, the leaf builder's copy of whole descriptors in groups.
mutant leaf-edge-own-leaf Sources/Emotext/Document/RichText+Graphemes.swift edit,storage,editscript \
  'startsRun = !root.leaf(ordinal: position.ordinal - 1)' \
  'startsRun = !root.leaf(ordinal: position.ordinal)'
mutant undo-drops-one-short Sources/Emotext/Editing/UndoSteps.swift edit,editscript \
  'dropped += excess' \
  'dropped += excess - 1'
mutant whole-copy-overfills-leaf Sources/Emotext/Document/LeafBuilder.swift storage,edit \
  'end - first < room.descriptors' \
  'end - first <= room.descriptors'
# Note: branch entities4's remembered quiet stretch: an edit that starts at a separator cut (typing before it, a
# Backspace that removes it) joins the text before the cut to the stretch, so it must be recognized again.
mutant quiet-stretch-edit-at-lower-cut Sources/Emotext/Editing/QuietEntityStretch.swift edit,editscript \
  'lowerCutNeedsUnitAfter ? replaced.lowerBound > range.lowerBound' \
  'lowerCutNeedsUnitAfter ? replaced.lowerBound >= range.lowerBound'
# Note: the quiet stretch between separators the marks show to be cuts: an unmarked `#` before the first one reads
# past it, so a Backspace after it can close a topic.
mutant marked-cut-ignores-unmarked-hash Sources/Emotext/Editing/QuietEntityStretch.swift edit,editscript \
  'unmarkedHash = unmarkedHash || (checksHash && !isMarked && line.contains(UInt8(ascii: "#")))' \
  'unmarkedHash = unmarkedHash || (checksHash && isMarked && line.contains(UInt8(ascii: "#")))'
# Note: the eighth round (the lead): the units before that cut are read from the last line break on; a space is no
# line break (a topic pairs `#`s across spaces).
mutant lookback-resets-at-space Sources/Emotext/Editing/QuietEntityStretch.swift edit,editscript \
  'line.lastIndex(where: { (0x0A...0x0D).contains($0) })' \
  'line.lastIndex(where: { (0x0A...0x0D).contains($0) || $0 == 0x20 })'
# Note: and a `:` keeps a separator a host label may hold from cutting only in a scheme's `://`; not at all here.
mutant marked-cut-ignores-scheme Sources/Emotext/Editing/QuietEntityStretch.swift edit,editscript \
  'cutsAfterColon || schemeMatch < 3' \
  'cutsAfterColon || schemeMatch < 4'

# Note: branch fuzz4's fast paths: the terminal layout's printable ASCII cluster (taking a cluster that only starts
# with one), entity recognition's first pass (a run cut across leaves looked at only in its last piece).
mutant terminal-ascii-cluster-prefix Sources/Emotext/Rendering/TerminalLayout.swift terminal \
  'if asciiFastPath, end &- start == 1,' \
  'if asciiFastPath, end &- start >= 1,'
mutant entities-unchanged-despite-entities Sources/Emotext/Entities/RichText+Entities.swift html,terminal,urls \
  'runMayHoldEntity = runMayHoldEntity || EntityScanner.mayHoldEntity(piece.utf8)' \
  'runMayHoldEntity = EntityScanner.mayHoldEntity(piece.utf8)'
# Note: branch entities5's quiet stretches that end at entity characters: the cut after a `:` holds only before an
# ideograph (a path character after it lets a typed letter extend a link), the cut at the end only at `@` or `#` (a
# `:` there may be a scheme's), and an edit may end at a `#` cut only without a Prepend scalar before the `#`.
mutant colon-cut-before-any-scalar Sources/Emotext/Editing/QuietEntityStretch.swift edit,editscript \
  'return (0x4E00...0x9FFF).contains(ideograph.scalar.value) || (0x3400...0x4DBF).contains(ideograph.scalar.value)' \
  'return true'
mutant stretch-ends-at-colon Sources/Emotext/Editing/QuietEntityStretch.swift edit,editscript \
  '!isAttachment && (scalar == "@" || scalar == "#")' \
  '!isAttachment && (scalar == "@" || scalar == "#" || scalar == ":")'
mutant hash-cut-ignores-prepend Sources/Emotext/Editing/QuietEntityStretch.swift edit,editscript \
  '!upperCutIsHash || content.holdsNoPrependOrAttachment' \
  'true'

# Note: the sixth round's composing path (the lead): a full leaf split at a descriptor seam, one attachment inserted
# with no token canonicalization, an undo step's first change kept inline, the content table's open addressing.
mutant leaf-split-attachment-scalars Sources/Emotext/Document/RichText+Leaf.swift storage,edit \
  'buffer[utf8..<(utf8 + length)])).scalars : 1' \
  'buffer[utf8..<(utf8 + length)])).scalars : 0'
mutant one-run-leaves-tokens-alone Sources/Emotext/Editing/Editor.swift edit,editscript \
  'bracketTokenReach != nil && content.isOneAttachment' \
  'bracketTokenReach != nil && content.root.summary.descriptors == 1'
mutant undo-second-change-overwrites-first Sources/Emotext/Editing/UndoSteps.swift edit,editscript \
  'if first == nil { first = change } else { rest.append(change) }' \
  'if rest.isEmpty { first = change } else { rest.append(change) }'
mutant content-table-probe-matches-slot Sources/Emotext/Document/RunContentTable.swift storage,edit \
  'if contents[entry] == content { return' \
  'if contents[entry].tableHash & mask == content.tableHash & mask { return'

# Note: branch tokenize5's: a post built as its one leaf without a leaf builder (its last text run given its scalars
# as UTF-16 units), the `[` scan's last 16 bytes (the lanes counted before counted again), the 16-byte skip inside a
# candidate (controls, among them line breaks, skipped).
mutant one-leaf-last-run-utf16 Sources/Emotext/Tokenizer/BracketTokenizer.swift tokenize,storage \
  'utf8Count: Int32(truncatingIfNeeded: bytes.count &- textStart),
            utf16Count: Int32(truncatingIfNeeded: scan.tally.utf16 &- textStartUTF16)' \
  'utf8Count: Int32(truncatingIfNeeded: bytes.count &- textStart),
            utf16Count: Int32(truncatingIfNeeded: scan.tally.scalars &- textStartUTF16)'
mutant scan-tail-counts-twice Sources/Emotext/Tokenizer/BracketTokenizer.swift tokenize,storage \
  'lanes.add(block, before & ~unsafeBitCast(counted, to: SIMD16<UInt8>.self))' \
  'lanes.add(block, before)'
mutant candidate-skip-over-controls Sources/Emotext/Tokenizer/BracketTokenizer.swift tokenize \
  'let stops = (block .== open) .| (block .== close) .| (block .< space) .| (block .== first) .| (block .== second)' \
  'let stops = (block .== open) .| (block .== close) .| (block .== first) .| (block .== second)'

mutant terminal-lines-in-place-width Sources/Emotext/Rendering/TerminalLayout.swift terminal \
  'lineCells = width(of: pieces[nextStart...index])' \
  'lineCells = pieces[index].cells'
# Seventh round (tokenize6): the bulk tokenizer's leaf cutter closes a leaf one run early before a text run (leaves
# within the invariants, but not the builder's);
mutant cutter-closes-leaf-a-run-early Sources/Emotext/Document/LeafCutter.swift tokenize,storage \
  '&& (leafEnd &- leafStart >= NodeCapacity.leafUTF8 || descriptorCount >= NodeCapacity.leafDescriptors)' \
  '&& (leafEnd &- leafStart >= NodeCapacity.leafUTF8 || descriptorCount >= NodeCapacity.leafDescriptors - 1)'
# (tokenize6) a run cut across two leaves takes the piece's UTF-16 count from the rest's scalars.
mutant cutter-rest-counts-scalars-as-utf16 Sources/Emotext/Document/LeafCutter.swift tokenize,storage \
  'counted = (utf16 - restCounts.utf16, scalars - restCounts.scalars)' \
  'counted = (utf16 - restCounts.scalars, scalars - restCounts.scalars)'

# Note: the seventh round's composing path (the lead): an insertion at a caret planned and made in its leaf in one
# descent (a run of its own at a descriptor's end put before that descriptor), and the local cluster rule with one side
# of kind Other (a ZWJ before a pictograph decided locally, GB11 forgotten).
mutant insertion-before-ending-descriptor Sources/Emotext/Document/RichText+Leaf.swift storage,edit \
  'let before = offset == end ? index + 1 : index' \
  'let before = index'
mutant local-boundary-zwj-before-pictograph Sources/EmotextUnicode/GraphemeBreaks+Local.swift graphemes,edit,storage \
  'if after & GraphemeTable.extendedPictographic != 0 && kindBefore == Kind.zwj.rawValue { return nil }' \
  'if after & GraphemeTable.extendedPictographic != 0 && kindBefore == Kind.extend.rawValue { return nil }'
# Note: typed text's edges (the lead): a caret inside text taken for a hard edge (canonicalization skipped), an end
# the scalars do not decide taken for a cluster boundary (the caret not snapped).
mutant insertion-edge-inside-text-hard Sources/Emotext/Document/RichText+Leaf.swift edit,editscript \
  '? !descriptor.isText : offset > utf16 ? false : index > 0' \
  '? !descriptor.isText : offset > utf16 ? true : index > 0'
mutant insertion-end-undecided-boundary Sources/Emotext/Document/RichText+Leaf.swift edit,editscript \
  '    } ?? false
  }' \
  '    } ?? true
  }'
mutant emoticon-equality-hash-guard Sources/Emotext/Catalog/Emoticon.swift storage,edit \
  '|| (lhs.storedHash == rhs.storedHash && lhs.code == rhs.code' \
  '|| (lhs.storedHash != rhs.storedHash && lhs.code == rhs.code'
mutant text-edit-spans-next-run Sources/Emotext/Document/RichText+Leaf.swift storage,edit,editscript \
  'guard range.upperBound <= descriptorEnd && descriptor.isText && (content == nil' \
  'guard range.upperBound <= descriptorEnd + 1 && descriptor.isText && (content == nil'
# Seventh round (tokenize7): the token table's inlined look-up (candidates of 4 to 16 bytes) compares only the first 8
# bytes of a token of the candidate's length.
mutant token-lookup-compares-first-word Sources/Emotext/Tokenizer/TokenTable.swift tokenize \
  '&& TokenTable.words(at: UnsafeRawPointer(bytes.baseAddress! + start), count: count) == words' \
  '&& TokenTable.words(at: UnsafeRawPointer(bytes.baseAddress! + start), count: count).0 == words.0'
# Eighth round (tokenize8): UTF-8 counted 16 bytes at a time (`String.counts(ofUTF8:)`) and the `[` scan's inlined block
# loop, each summing its lanes every 255 blocks, let a lane count a 256th block (it wraps to 0).
mutant utf8-counts-lane-overflow Sources/EmotextUnicode/UTF8+Counts.swift tokenize,storage \
  'let stop = Swift.min(lastBlock, index &+ 254 &* 16)' \
  'let stop = Swift.min(lastBlock, index &+ 255 &* 16)'
mutant scan-lane-overflow Sources/Emotext/Tokenizer/BracketTokenizer.swift tokenize,storage \
  'let stop = min(lastPair, lanesStart &+ 126 &* 32)' \
  'let stop = min(lastPair, lanesStart &+ 127 &* 32)'
# (tokenize8) the tree built by moving the leaf cutter's leaves leaves the last one out.
mutant tree-moves-all-but-last-leaf Sources/Emotext/Document/LeafCutter.swift tokenize,storage \
  'RichText.Node.tree(movingLeavesFrom: UnsafeMutableBufferPointer(start: leaves, count: leafCount))' \
  'RichText.Node.tree(movingLeavesFrom: UnsafeMutableBufferPointer(start: leaves, count: leafCount - 1))'
# Ninth round: a batch job's prepared length measure; the rule cache must answer only for the rule it holds.
mutant prepared-rule-cache-ignores-rule Sources/Emotext/Length/LengthWeigher.swift tokenize \
  'if let hit = last.withLock({ $0?.rule == rule ? $0 : nil }) { return hit }' \
  'if let hit = last.withLock({ $0 }) { return hit }'
# Ninth round (tokenize9): a missed candidate read a word at a time takes a lead byte EA–EF (U+A000–U+FFFF: Hangul,
# CJK compatibility ideographs that equal an ideograph up to canonical equivalence) for plain, so it is absent.
mutant token-miss-word-takes-wider-leads Sources/Emotext/Tokenizer/TokenTable.swift tokenize \
  'if lead &- 0xE4 > 5 { return false }' \
  'if lead &- 0xE4 > 11 { return false }'
# (tokenize9) the tally's inline count of a short span (a candidate that is not a token) counts one lane before it.
mutant tally-short-span-counts-lane-before Sources/Emotext/Tokenizer/BracketTokenizer.swift tokenize,storage \
  'lanes.add(block, ~unsafeBitCast(UTF8LaneCounts.firstLanes(16 &- span), to: SIMD16<UInt8>.self))' \
  'lanes.add(block, ~unsafeBitCast(UTF8LaneCounts.firstLanes(15 &- span), to: SIMD16<UInt8>.self))'
# (tokenize9) the lane counts skip summing the four-byte leads when their first 8 lanes count none (not all 16).
mutant four-byte-leads-skip-reads-half Sources/EmotextUnicode/UTF8LaneCounts.swift tokenize,storage \
  'return words[0] | words[1] == 0 ? 0 : Self.sum(fourByteLeads)' \
  'return words[0] == 0 ? 0 : Self.sum(fourByteLeads)'
# Tenth round: a document of one leaf counts its runs from its descriptors; the empty document has none.
mutant one-leaf-run-count-counts-empty Sources/Emotext/Document/RichText+Runs.swift storage \
  'if case .leaf(let leaf) = document.root { return leaf.descriptors.count }' \
  'if case .leaf(let leaf) = document.root { return Swift.max(leaf.descriptors.count, 1) }'
# (the lead) moving UTF-16 units forward passes 16 bytes whose units are one more than those left.
mutant utf16-move-passes-one-unit-too-many Sources/EmotextUnicode/UTF8+Offsets.swift storage,edit \
  'guard moved <= remaining else { break }
        remaining &-= moved
        index &+= 16' \
  'guard moved <= remaining &+ 1 else { break }
        remaining &-= moved
        index &+= 16'
# (scan10; rewritten in the eleventh round) the pair step's `[` in the second block leaves the first block of the pair
# uncounted.
mutant scan-pair-skips-first-block Sources/Emotext/Tokenizer/BracketTokenizer.swift tokenize,storage \
  'lanes.add(Self.bytes(of: first, before: offset))' \
  'lanes.add(Self.bytes(of: first, before: offset < 16 ? offset : 0))'
# (scan10) the scan's scalar starts take 0xBF (a continuation byte) for one.
mutant scan-scalar-starts-take-bf Sources/EmotextUnicode/UTF8LaneCounts.swift tokenize,storage \
  'let lastContinuation = SIMD16<Int8>(repeating: -65)
    fourByteLeads &-= unsafeBitCast(block .>= fourByteLead, to: SIMD16<UInt8>.self)
' \
  'let lastContinuation = SIMD16<Int8>(repeating: -66)
    fourByteLeads &-= unsafeBitCast(block .>= fourByteLead, to: SIMD16<UInt8>.self)
'
# Eleventh round (measure11): the public prepared measure's document length forgets the rule's divisor.
mutant prepared-length-ignores-divisor Sources/Emotext/Length/RichText+Length.swift tokenize \
  'return (sum + measure.unitsPerCharacter - 1) / measure.unitsPerCharacter' \
  'return sum'
# Eleventh round (the lead): the `[` offset in a pair takes the second block's second half 8 lanes early.
mutant scan-open-offset-second-half-early Sources/Emotext/Tokenizer/BracketTokenizer.swift tokenize,storage \
  'bits(second[1]) &<< 24' \
  'bits(second[1]) &<< 16'
# Eleventh round (the lead): the cutter keeps the empty text run before a token that follows another token.
mutant cutter-keeps-empty-text-run Sources/Emotext/Document/LeafCutter.swift tokenize,storage \
  'descriptorCount &+= hasText ? 1 : 0' \
  'descriptorCount &+= 1'
# Eleventh round (the lead): a token's words under 8 bytes keep a byte after it in the first word.
mutant token-words-keep-a-byte-after Sources/Emotext/Tokenizer/TokenTable.swift tokenize \
  'base.loadUnaligned(as: UInt64.self) & (~0 &>> shift),' \
  'base.loadUnaligned(as: UInt64.self) & (~0 &>> (shift == 0 ? 0 : shift &- 8)),'
# Issue 39 (branch trust): the pasted document's trust, the pattern tokenizer's limit, bounded files, pack
# directories and the oracles' own line breaks.
mutant paste-trusts-any-first-attribute Sources/Emotext/Editing/HTMLTextContent.swift paste \
  'guard !sawElement, output.isEmpty, !Self.voidElements.contains(name), !Self.droppedElements.contains(name),' \
  'guard wrapper == nil, !Self.voidElements.contains(name), !Self.droppedElements.contains(name),'
mutant paste-trusts-text-after-the-wrapper Sources/Emotext/Editing/HTMLTextContent.swift paste \
  'guard let wrapper, wrapper.openCount > 0 || wrapper.outputCountAtEnd == output.count else { return nil }' \
  'guard let wrapper else { return nil }'
mutant paste-skips-the-visible-text-check Sources/Emotext/Editing/Editor+Clipboard.swift paste \
  'htmlContent(clipboardHTML(of: document)).text == reader.text' \
  '!reader.text.isEmpty'
mutant regex-ticks-count-across-searches Sources/CICU/Regex.c tokenize \
  'while (U_SUCCESS(status) && from <= length && uregex_find64(clone, from, &status)) {' \
  'for (int first = 1; U_SUCCESS(status) && from <= length && (first ? uregex_find64(clone, from, &status) : uregex_findNext(clone, &status)); first = 0) {'
mutant regex-default-limit-loose Sources/Emotext/Tokenizer/PatternTokenizer.swift tokenize \
  'public static let defaultMatchStepLimit: Int32 = 10' \
  'public static let defaultMatchStepLimit: Int32 = 100'
mutant bounded-file-reads-fifos Sources/Emotext/Support/BoundedFile.swift catalog \
  'if type != S_IFREG {' \
  'if type != S_IFREG && type != S_IFIFO {'
mutant bounded-file-limit-off-by-one Sources/Emotext/Support/BoundedFile.swift catalog \
  '} else if statedByteCount > maximumByteCount {' \
  '} else if statedByteCount >= maximumByteCount {'
mutant pack-directory-allows-dot-dot Sources/Emotext/Catalog/CatalogReader+JSON.swift catalog \
  'guard !directory.hasPrefix("/"), !directory.contains("\0"), !components.contains("..") else { return false }' \
  'guard !directory.hasPrefix("/"), !directory.contains("\0") else { return false }'
mutant pack-directory-follows-links-out Sources/Emotext/Catalog/CatalogReader+JSON.swift catalog \
  'return files.resolvedOutsideRoot(directory) == nil' \
  'return true'
mutant line-breaks-without-paragraph-separator Sources/EmotextUnicode/LineBreaks.swift tokenize,storage \
  'return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }.sorted { $0.value < $1.value }' \
  'return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }.filter { $0 != "\u{2029}" }.sorted { $0.value < $1.value }'
mutant limit-bisection-stops-a-unit-short Sources/Emotext/Editing/Editor+LengthLimit.swift edit \
  'while tooMany - fitting > 1 {' \
  'while tooMany - fitting > 2 {'
mutant limit-counted-only-still-cuts Sources/Emotext/Editing/Editor+LengthLimit.swift edit \
  'guard let limit = lengthLimit, limit.enforcement != .none, !content.isEmpty else { return content }' \
  'guard let limit = lengthLimit, !content.isEmpty else { return content }'
mutant bidi-no-mirroring Sources/Emotext/Bidi/BidiLine.swift terminal \
  'return cluster.isRightToLeft ? BidiResolver.mirrored(string) : string' \
  'return string'
mutant bidi-logical-order Sources/Emotext/Bidi/BidiLine.swift terminal \
  'visualClusters = BidiResolver.visualOrder(levels: clusters.map(\.level)).map { clusters[$0] }' \
  'visualClusters = clusters'
mutant c-document-attachment-one-byte Sources/EmotextC/EmotextC+Document.swift document \
  'start.utf8 += 3' \
  'start.utf8 += 1'
mutant c-change-new-end-is-old-end Sources/EmotextC/EmotextC+Editor.swift edit \
  'new_end: change.insertedRange.upperBound)' \
  'new_end: change.replacedRange.upperBound)'
mutant tco-slug-limit-off-by-one Sources/Emotext/Entities/URLFinder+Scan.swift urls,urlLength \
  'if slugRange.count > Self.tcoSlugLimit {' \
  'if slugRange.count >= Self.tcoSlugLimit {'
mutant punycode-bias-never-first Sources/Emotext/Entities/Punycode.swift urlLength \
  'bias = adapt(delta: delta, points: handled + 1, first: handled == basicCount)' \
  'bias = adapt(delta: delta, points: handled + 1, first: false)'
mutant serializer-nfc-ignored Sources/Emotext/Serialization/PostTextSerializer.swift documentRoundTrip \
  'case .nfc: document.postText.nfcNormalized()' \
  'case .nfc: document.postText'
mutant json-fast-path-skips-line-separators Sources/Emotext/Support/JSONValue+UTF8.swift document,documentRoundTrip \
  '!UTF8Words.containsByte(below: 0x20, orEqualTo: 0x22, 0x5C, 0xE2, in: UTF8Words.load(bytes, at: index))' \
  '!UTF8Words.containsByte(below: 0x20, orEqualTo: 0x22, 0x5C, 0x5C, in: UTF8Words.load(bytes, at: index))'
mutant html-apostrophe-unescaped Sources/Emotext/Rendering/HTMLRenderer.swift html \
  'case UInt8(ascii: "'\''"): "&#39;"' \
  'case UInt8(ascii: "`"): "&#96;"'
mutant html-topic-keeps-closing-hash Sources/Emotext/Rendering/HTMLRenderer.swift html \
  'if topic.hasSuffix("#") { topic = topic.dropLast() }' \
  'if topic.hasSuffix("##") { topic = topic.dropLast() }'
# Note: a finding of the cABI campaign (8 December): text_range with a UTF-16 end between a surrogate pair.
mutant units-own-unit-never-snaps Sources/Emotext/Document/RichText+Units.swift cABI \
  'guard source != target || (snapping && source != .unicodeScalars) else { return offset }' \
  'guard source != target else { return offset }'
mutant editscript-code-points-as-utf16 Sources/EmotextCLISupport/Scripting/EditScript.swift editscript \
  'if name == "deleteSurrounding" {' \
  'if name.hasPrefix("deleteSurrounding") {'
mutant editscript-change-forgets-earlier-calls Sources/EmotextCLISupport/Scripting/EditScript.swift editscript \
  'change = change.map { $0.followed(by: last) } ?? last' \
  'change = last'
mutant recents-keeps-one-too-many Sources/Emotext/Catalog/RecentEmoticons.swift catalog \
  'if emoticons.count > capacity { emoticons.removeLast(emoticons.count - capacity) }' \
  'if emoticons.count > capacity + 1 { emoticons.removeLast(emoticons.count - capacity) }'
mutant recents-newest-last Sources/Emotext/Catalog/RecentEmoticons.swift catalog \
  'emoticons.insert(emoticon, at: 0)' \
  'emoticons.append(emoticon)'

# The suites that killed each mutant before (Fuzz/README.md's table), run first: a mutant they kill needs no other
# suite, and one they miss runs the whole filter. Each is in the default filter, which the unmutated copy passes.
declare -A first_suites
first() { first_suites[$1]=$2; }
first summary-off-by-one 'DocumentTreeTests|StorageDifferentialTests'
first skipped-leaf-split 'DocumentTreeTests|LeafSplitTests'
first dropped-undo-record 'StorageDifferentialTests'
first wrong-cluster-rule 'GraphemeDifferentialTests|UnicodeReferenceTests|FuzzRegressionTests'
first canonicalization-forgets-token-after-caret 'FuzzRegressionTests|EditorHostPropertyTests|UndoLogTests'
first backspace-vs-modifier-base 'UnicodeReferenceTests|FuzzRegressionTests'
first local-boundary-too-eager 'GraphemeLocalBreakTests|StorageDifferentialTests'
first canonical-shortcut-short-reach 'CanonicalFastPathTests'
first in-leaf-insertion-split 'InLeafInsertionTests'
first entity-quiet-nbsp 'EntityStretchFastPathTests'
first piece-backspace-at-piece-start 'KeystrokeFastPathTests'
first one-run-slice-scalars 'KeystrokeFastPathTests'
first lengths-token-bytes 'LengthFastPathTests'
first validation-overlong-e0 'UTF8FastValidationTests'
first leaf-edge-own-leaf 'KeystrokeFastPathTests'
first undo-drops-one-short 'EditingTests'
first whole-copy-overfills-leaf 'LeafSplitTests|DocumentTreeTests|BulkTokenizingTests'
first quiet-stretch-edit-at-lower-cut 'RememberedQuietStretchTests'
first marked-cut-ignores-unmarked-hash 'RememberedQuietStretchTests'
first lookback-resets-at-space 'MarkedQuietStretchTests'
first marked-cut-ignores-scheme 'MarkedQuietStretchTests'
first terminal-ascii-cluster-prefix 'TerminalLayoutFastPathTests'
first entities-unchanged-despite-entities 'EntityRecognitionFastPathTests'
first colon-cut-before-any-scalar 'MarkedQuietStretchTests'
first stretch-ends-at-colon 'MarkedQuietStretchTests'
first hash-cut-ignores-prepend 'MarkedQuietStretchTests'
first leaf-split-attachment-scalars 'LeafSplitTests|StorageDifferentialTests'
first one-run-leaves-tokens-alone 'EmoticonInsertionFastPathTests|EditingTests'
first undo-second-change-overwrites-first 'UndoLogTests|EditingTests'
first content-table-probe-matches-slot 'RunContentTableTests'
first one-leaf-last-run-utf16 'TokenScanChunkEdgeTests'
first scan-tail-counts-twice 'TokenScanChunkEdgeTests'
first candidate-skip-over-controls 'TokenScanChunkEdgeTests'
first terminal-lines-in-place-width 'TerminalLayoutFastPathTests'
first cutter-closes-leaf-a-run-early 'BulkTokenizingTests'
first cutter-rest-counts-scalars-as-utf16 'BulkTokenizingTests|TokenScanChunkEdgeTests'
first insertion-before-ending-descriptor 'InLeafInsertionTests|StorageDifferentialTests'
first local-boundary-zwj-before-pictograph 'GraphemeLocalBreakTests'
first insertion-edge-inside-text-hard 'InsertionEdgeFastPathTests'
first insertion-end-undecided-boundary 'InsertionEdgeFastPathTests'
first emoticon-equality-hash-guard 'RunContentTableTests'
first text-edit-spans-next-run 'KeystrokeFastPathTests|StorageDifferentialTests'
first token-lookup-compares-first-word 'TokenTableLookupTests'
first utf8-counts-lane-overflow 'UTF8CountsTests'
first scan-lane-overflow 'UTF8CountsTests|TokenScanChunkEdgeTests|BulkTokenizingTests'
first tree-moves-all-but-last-leaf 'BulkTokenizingTests'
first prepared-rule-cache-ignores-rule 'PreparedLengthMeasureTests|LengthFastPathTests'
first token-miss-word-takes-wider-leads 'TokenTableLookupTests'
first tally-short-span-counts-lane-before 'UTF8CountsTests|TokenScanChunkEdgeTests'
first four-byte-leads-skip-reads-half 'UTF8CountsTests|TextUnitTests'
first one-leaf-run-count-counts-empty 'DocumentTreeTests'
first utf16-move-passes-one-unit-too-many 'UTF8CountsTests|TextUnitTests|EditorUnitsTests'
first scan-pair-skips-first-block 'UTF8CountsTests|TokenScanChunkEdgeTests|BulkTokenizingTests'
first scan-scalar-starts-take-bf 'UTF8CountsTests|TokenScanChunkEdgeTests|BulkTokenizingTests'
first prepared-length-ignores-divisor 'PreparedLengthMeasureTests|LengthFastPathTests'
first scan-open-offset-second-half-early 'UTF8CountsTests|TokenScanChunkEdgeTests|BulkTokenizingTests'
first cutter-keeps-empty-text-run 'TokenScanChunkEdgeTests'
first token-words-keep-a-byte-after 'TokenTableLookupTests'
first paste-trusts-any-first-attribute 'PastedDocumentTrustTests'
first paste-trusts-text-after-the-wrapper 'PastedDocumentTrustTests'
first paste-skips-the-visible-text-check 'PastedDocumentTrustTests'
first regex-ticks-count-across-searches 'PatternTokenizerBacktrackingTests'
first regex-default-limit-loose 'PatternTokenizerBacktrackingTests'
first bounded-file-reads-fifos 'CatalogFileBoundsTests'
first bounded-file-limit-off-by-one 'CatalogFileBoundsTests'
first pack-directory-allows-dot-dot 'CatalogFileBoundsTests'
first pack-directory-follows-links-out 'CatalogFileBoundsTests'
first line-breaks-without-paragraph-separator 'ReferenceTokensTests'
first limit-bisection-stops-a-unit-short 'EditorLengthLimitTests'
first limit-counted-only-still-cuts 'EditorLengthLimitTests'
first bidi-no-mirroring 'BidiLineTests'
first bidi-logical-order 'BidiLineTests'
first c-document-attachment-one-byte 'CDocumentTests'
first c-change-new-end-is-old-end 'CEditorDifferentialTests'
first units-own-unit-never-snaps 'TextUnitTests|FuzzRegressionTests'
first tco-slug-limit-off-by-one 'URLFinderTests'
first punycode-bias-never-first 'URLFinderTests'
first serializer-nfc-ignored 'PostTextSerializerTests'
first json-fast-path-skips-line-separators 'ReadingInPlaceTests'
first html-apostrophe-unescaped 'HTMLRendererXSSTests'
first html-topic-keeps-closing-hash 'HTMLRendererTests'
first editscript-code-points-as-utf16 'EditScriptTests'
first editscript-change-forgets-earlier-calls 'EditScriptTests'
first recents-keeps-one-too-many 'RecentEmoticonsTests'
first recents-newest-last 'RecentEmoticonsTests'
[ -n "${MUTANTS_FILTER:-}" ] || for name in "${!first_suites[@]}"; do
  for suite in ${first_suites[$name]//|/ }; do
    [[ "|$filter|" == *"|$suite|"* ]] || { echo "mutants: $name's first suite $suite is not in the filter" >&2; exit 2; }
  done
done

list=false
since=
selected=()
while [ $# -gt 0 ]; do
  case $1 in
    --list) list=true ;;
    --since)
      [ $# -ge 2 ] || { echo "mutants: --since needs a revision" >&2; exit 2; }
      since=$2
      shift
      ;;
    --since=*) since=${1#--since=} ;;
    -*) echo "mutants: unknown option $1" >&2; exit 2 ;;
    *) selected+=("$1") ;;
  esac
  shift
done
[ ${#selected[@]} -gt 0 ] || selected=("${names[@]}")
for name in "${selected[@]}"; do
  [ -n "${files[$name]:-}" ] || { echo "mutants: unknown mutant $name; --list prints them" >&2; exit 2; }
done
if [ -n "$since" ]; then
  # Note: the files changed between REV and the working tree (committed or not), as paths from the root.
  changed=$(git -C "$root" diff --name-only "$since" --) || { echo "mutants: cannot diff against $since" >&2; exit 2; }
  declare -A is_changed=()
  while IFS= read -r path; do [ -z "$path" ] || is_changed[$path]=1; done <<<"$changed"
  kept=()
  for name in "${selected[@]}"; do
    [ -z "${is_changed[${files[$name]}]:-}" ] || kept+=("$name")
  done
  selected=("${kept[@]}")
  if [ ${#selected[@]} -eq 0 ]; then
    $list || echo "mutants: no mutant's file changed since $since; nothing to run"
    exit 0
  fi
fi
if $list; then
  printf '%s\n' "${selected[@]}"
  exit 0
fi

mkdir -p "$copy" "$work/logs"
# Note: -a keeps modification times, so a file that did not change does not rebuild.
rsync -a --delete --exclude /.build --exclude /.build-coverage --exclude /Fuzz/.build --exclude /.git \
  "$root/" "$copy/"
# Note: read when the copy was made (`+`: with uncommitted changes to Sources or Tests), not when the run ends.
commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- Sources Tests || echo "+")
export EMOTEXT_INTERNAL_CHECKS=1
# Note: a crashing mutant's Swift backtracer can hang for minutes (seen at 534 s); the crash is the verdict.
export SWIFT_BACKTRACE=enable=no

# run_tests LOG [FAIL_FAST [FILTER]]: builds and runs the tests in the copy (with FILTER: only runs those, built
# already, appending to LOG); 0 passed, 1 failed, 2 did not build. With
# FAIL_FAST, the first failing test is the verdict: the test run is stopped there (a mutant's verdict needs one
# failure, and letting every other suite finish took minutes per mutant).
run_tests() {
  local log=$1 fail_fast=${2:-} filter=${3:-$filter}
  [ -n "${3:-}" ] || (cd "$copy" && swift build --build-tests) >"$log" 2>&1 || return 2
  local tests_start status=0
  tests_start=$(($(stat -c %s "$log") + 1))
  # Note: timeout runs the tests in a process group of its own and passes a signal it gets to the whole group.
  (cd "$copy" && exec timeout "$limit" swift test --skip-build --filter "$filter") >>"$log" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    if [ -n "$fail_fast" ] && tail -c +"$tests_start" "$log" | grep -qaE '^✘ '; then
      kill -TERM "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
      return 1
    fi
    sleep 1
  done
  wait "$pid" || status=$?
  [ "$status" -eq 0 ] && return 0
  return 1
}

# first_failure LOG: what killed the mutant, as the log says it: the first failing test, or how the run ended.
first_failure() {
  local line
  # "✘ Test name() recorded an issue at File.swift:12:5: Expectation failed: …" → "name() (File.swift:12)"
  line=$(grep -aE -m1 '^✘ Test ' "$1" | sed -E 's/^✘ Test //; s/ recorded an issue( with .*)? at ([^:]+:[0-9]+).*/ (\2)/;
    s/ failed after .*//') || true
  if [ -n "$line" ]; then
    printf '%s' "$line"
  elif line=$(grep -a -m1 -B1 '^Current stack trace:' "$1" | head -1 | grep -aoE '^[A-Za-z+/._-]+:[0-9]+: [A-Za-z ]+'); then
    # "Emotext/RichText+Invariants.swift:53: Precondition failed: …" (the crash the tests ran into)
    printf 'crash: %s' "$line"
  else
    printf 'a failing test run'
  fi
}

echo "mutants: the unmutated copy first (filter: $filter)"
status=0
run_tests "$work/logs/baseline.log" || status=$?
if [ "$status" -ne 0 ]; then
  echo "mutants: the unmutated tree does not pass ($status); see $work/logs/baseline.log" >&2
  exit 1
fi

survivors=()
broken=()
results=()
run_started=$(date -u +'%Y-%m-%d %H:%M')
for name in "${selected[@]}"; do
  file=${files[$name]}
  log="$work/logs/$name.log"
  cp -p "$root/$file" "$work/original"
  if ! python3 - "$copy/$file" "${olds[$name]}" "${news[$name]}" <<'EOF'; then
import sys
path, old, new = sys.argv[1:4]
text = open(path, encoding="utf-8").read()
if text.count(old) != 1:
    sys.exit(f"{path}: the mutated text occurs {text.count(old)} times, not once")
open(path, "w", encoding="utf-8").write(text.replace(old, new))
EOF
    echo "mutants: $name: its text is not in $file (rewritten?); update the mutant" >&2
    broken+=("$name")
    results+=("$name"$'\t'"$file"$'\t'"text not found"$'\t'$'\t'0)
    continue
  fi
  started=$SECONDS
  verdict=survived
  status=0
  if [ -n "${first_suites[$name]:-}" ] && [ -z "${MUTANTS_FILTER:-}" ]; then
    # Note: the build, then the suites that killed it before; the whole filter only if they pass.
    (cd "$copy" && swift build --build-tests) >"$log" 2>&1 || status=2
    [ "$status" -ne 0 ] || run_tests "$log" fail-fast "${first_suites[$name]}" || status=$?
    [ "$status" -ne 0 ] || run_tests "$log" fail-fast "$filter" || status=$?
  else
    run_tests "$log" fail-fast || status=$?
  fi
  case $status in
    1) verdict="killed by the tests" ;;
    2) verdict="did not compile" ;;
  esac
  if [ "$verdict" = survived ] && [ "$fuzz_seconds" -gt 0 ]; then
    IFS=, read -ra fuzz_targets <<<"${targets[$name]}"
    for target in "${fuzz_targets[@]}"; do
      rm -rf "$work/corpus"
      if ! (cd "$copy" && EMOTEXT_FUZZ_CORPUS="$work/corpus" Fuzz/run.sh "$target" "$fuzz_seconds") >>"$log" 2>&1; then
        verdict="killed by the $target fuzz target"
        # Note: the finding is the mutant's; the next mutants replay only the tree's own.
        rsync -a --delete "$root/Corpus/fuzz/regressions/" "$copy/Corpus/fuzz/regressions/"
        break
      fi
    done
  fi
  cp -p "$work/original" "$copy/$file"
  seconds=$((SECONDS - started))
  echo "mutants: $name ($file): $verdict in $seconds s; log $log"
  killer=""
  [ "$verdict" != "killed by the tests" ] || killer=$(first_failure "$log")
  results+=("$name"$'\t'"$file"$'\t'"$verdict"$'\t'"$killer"$'\t'"$seconds")
  case $verdict in
    survived) survivors+=("$name") ;;
    "did not compile") broken+=("$name") ;;
  esac
done
echo "mutants: ${#selected[@]} mutants, ${#survivors[@]} survived${survivors[*]:+: ${survivors[*]}}," \
  "${#broken[@]} broken${broken[*]:+: ${broken[*]}}"
# A run of the whole list with the default filter is the one the documentation reports: its results replace the
# section between the markers in Fuzz/README.md (commit, date, killed/total, each mutant's verdict and seconds).
if [ ${#selected[@]} -eq ${#names[@]} ] && [ -z "${MUTANTS_FILTER:-}" ] && [ -z "$since" ]; then
  killed=$((${#selected[@]} - ${#survivors[@]} - ${#broken[@]}))
  # Note: the rows go through a file: the program itself is python's stdin.
  printf '%s\n' "${results[@]}" >"$work/results.tsv"
  python3 - "$root/Fuzz/README.md" "$work/results.tsv" "$commit" "$run_started" "$(date -u +'%H:%M')" "$killed" \
    "${#selected[@]}" <<'PY'
import sys
path, rows_path, commit, started, ended, killed, total = sys.argv[1:8]
begin, end = "<!-- mutants.sh: the last whole run -->", "<!-- mutants.sh: end -->"
rows = [line.split("\t") for line in open(rows_path, encoding="utf-8").read().splitlines() if line]
lines = [begin,
         f"**The last run of the whole list** (written by `Fuzz/mutants.sh`): commit `{commit}`, {started}–{ended} UTC, "
         f"the default filter, **{killed} of {total} killed**.",
         "",
         "| mutant | file | verdict | first failing test | seconds |",
         "|---|---|---|---|---:|"]
for name, file, verdict, killer, seconds in rows:
    lines.append(f"| `{name}` | `{file}` | {verdict} | {f'`{killer}`' if killer else ''} | {seconds} |")
lines.append(end)
text = open(path, encoding="utf-8").read()
if begin not in text or end not in text:
    sys.exit(f"mutants: {path} has no section between {begin} and {end}")
head, rest = text.split(begin, 1)
open(path, "w", encoding="utf-8").write(head + "\n".join(lines) + rest.split(end, 1)[1])
PY
  echo "mutants: the results are in Fuzz/README.md (commit $commit)"
fi
[ ${#survivors[@]} -eq 0 ] && [ ${#broken[@]} -eq 0 ]
