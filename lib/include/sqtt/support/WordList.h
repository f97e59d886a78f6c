// WordList.h - lists in messages the way a sentence has them: "a",
// "a and b", "a, b and c".
#pragma once

#include <iterator>
#include <string>

namespace sqtt {

/// Each item of \p Items spelt by \p Spell (item -> std::string), joined
/// with commas and a final "and".
template <class Range, class Speller> std::string wordList(const Range &Items, Speller Spell) {
  std::string Out;
  size_t Count = 0, Total = 0;
  for (auto It = std::begin(Items); It != std::end(Items); ++It)
    ++Total;
  for (const auto &Item : Items) {
    Out += Count == 0 ? "" : Count + 1 == Total ? " and " : ", ";
    Out += Spell(Item);
    ++Count;
  }
  return Out;
}

/// The same for items that are strings already.
template <class Range> std::string wordList(const Range &Items) {
  return wordList(Items, [](const std::string &S) { return S; });
}

} // namespace sqtt
