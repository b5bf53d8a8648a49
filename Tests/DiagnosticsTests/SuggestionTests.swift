import Testing

@testable import Diagnostics

/// "Did you mean": the one suggestion function and its wording.
@Suite("Suggestion: did you mean")
struct SuggestionTests {
    @Test func suggestsTheClosestEntityAndWordsIt() {
        let unknown = Suggestion.unknownEntity("Contnet", among: ["Bucket", "Content"])
        #expect(unknown.message == "no entity named 'Contnet'")
        #expect(unknown.replacement == "Content")
        #expect(unknown.text == "no entity named 'Contnet'; did you mean 'Content'?")
    }

    @Test func nothingCloseSuggestsNothing() {
        let unknown = Suggestion.unknownProperty("xyz", of: "Content", among: ["name", "size"])
        #expect(unknown.replacement == nil)
        #expect(unknown.text == "'Content' has no property 'xyz'")
        #expect(unknown.fixIts(replacing: SourceRange(0, 3)).isEmpty)
        #expect(
            unknown.text(orListing: ["name", "size"]) == "'Content' has no property 'xyz'; expected one of name, size")
    }

    @Test func theReplacementCarriesItsSigilAndBecomesAFixIt() {
        let unknown = Suggestion(
            "unknown collection operator '@cnt'", name: "cnt", among: ["count", "sum"], sigil: "@")
        #expect(unknown.replacement == "@count")
        #expect(unknown.fixIts(replacing: SourceRange(5, 9)) == [FixIt(replacing: SourceRange(5, 9), with: "@count")])
        #expect(FixIt(replacing: nil, with: "@count").description == "did you mean '@count'?")
    }
}
