// CodeJsonLabel.cpp - the label row of a trace directory's code.json: which
// kernel, in which code object, the directory traced (FORMATS §12, D22).
#include "TreeReaders.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeReader.h"

#include <filesystem>

namespace sqtt {

namespace {

/// Row 0 of "code": ["; <symbol>", 0, 0, <source>, <codeobj>, <vaddr>, ...].
std::optional<TracedKernel> labelOf(simdjson::dom::element Doc) {
  simdjson::dom::array Code;
  if (Doc["code"].get(Code) || Code.size() == 0)
    return std::nullopt;
  simdjson::dom::array Row;
  if (Code.at(0).get(Row) || Row.size() < 6)
    return std::nullopt;
  std::string_view Isa;
  uint64_t CodeObject = 0, Vaddr = 0;
  if (Row.at(0).get(Isa) || Row.at(4).get(CodeObject) || Row.at(5).get(Vaddr))
    return std::nullopt;
  if (Isa.substr(0, 2) != "; " || Isa.size() == 2)
    return std::nullopt;
  TracedKernel K;
  K.Symbol = std::string(Isa.substr(2));
  if (K.Symbol.size() > 3 && K.Symbol.compare(K.Symbol.size() - 3, 3, ".kd") == 0)
    K.Symbol.resize(K.Symbol.size() - 3);
  K.CodeObject = CodeObject;
  K.Vaddr = Vaddr;
  return K;
}

} // namespace

std::optional<TracedKernel> readTracedKernel(const std::string &Dir, std::vector<std::string> &Warnings) {
  std::optional<std::string> Found = treeFile(Dir, uitree::CodeFile);
  if (!Found)
    return std::nullopt;
  const std::string &Path = *Found;
  try {
    simdjson::padded_string Json = loadMetadataJson(Path);
    simdjson::dom::parser Parser;
    std::optional<TracedKernel> K = labelOf(parseMetadataOrThrow(Parser, Json, Path));
    if (K)
      K->Source = Path;
    if (!K)
      Warnings.push_back(Path + ": no label row (\"; <kernel>\" with its code object and address) in "
                                "\"code\"; dispatches are matched by kernel name");
    return K;
  } catch (const std::exception &E) {
    Warnings.push_back(std::string(E.what()) + "; dispatches are matched by kernel name");
    return std::nullopt;
  }
}

} // namespace sqtt
