// AttBesideTree.cpp - a tree's decoded JSON written back as the raw .att
// files it would have come from: a conversion between the two formats, so
// it stands above both, with the session's discovery.
#include "sqtt/session/AttBesideTree.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/rawatt/AttCapture.h"
#include "sqtt/rawatt/AttCaptureWriter.h"
#include "sqtt/session/TraceTree.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeReader.h"

#include <filesystem>
#include <fstream>

namespace sqtt {

size_t writeAttBesideTree(const std::string &Tree) {
  TraceTree T = gatherTraceInputs({Tree}, TraceFrom::Json);
  using namespace rawatt;
  if (T.CodeObjects.empty())
    throw Error(Tree + ": no code objects: the .att files' kernels could not be placed");
  std::optional<Generation> Gen;
  std::string GenFrom;
  for (const CodeObjectPath &CO : T.CodeObjects) {
    CodeObjectFile File(CO.Path);
    for (const CodeObject &Obj : File.codeObjects()) {
      std::optional<Generation> G = generationOfTarget(Obj.Target);
      if (!G)
        throw Error(CO.Path + ": target " + Obj.Target + " has no raw trace format here");
      if (Gen && *Gen != *G)
        throw Error(CO.Path + ": target " + Obj.Target + " and " + GenFrom +
                    " trace in different formats; write one generation's tree at a time");
      Gen = G;
      GenFrom = CO.Path;
    }
  }
  const std::map<std::string, std::vector<KernelPlace>> Symbols = functionSymbols(T.CodeObjects);
  auto Place = [&](const std::string &Name) -> std::optional<KernelPlace> {
    auto It = Symbols.find(Name);
    if (It == Symbols.end() || It->second.size() != 1)
      return std::nullopt;
    return It->second.front();
  };
  const std::string HostDir = std::filesystem::path(T.CodeObjects.front().Path).parent_path().string();
  const uint64_t Pid = T.CodeObjects.front().Pid.value_or(1);
  size_t Written = 0;
  for (const std::string &Dir : T.TraceDirs) {
    std::optional<std::pair<std::string, std::string>> Id =
        uitree::dispatchOfDirName(std::filesystem::path(Dir).filename().string());
    if (!Id)
      throw Error(Dir + ": not named " + uitree::DispatchDirPattern);
    std::vector<std::string> Warnings;
    JsonTraceSource Source(Dir, Warnings);
    for (const auto &[SE, Bytes] : encodeCapture(Source, *Gen, Place)) {
      const std::string Path = HostDir + "/" + attFileName(Pid, Id->first, SE, Id->second);
      std::ofstream OS(Path, std::ios::binary | std::ios::trunc);
      OS.write(Bytes.data(), std::streamsize(Bytes.size()));
      if (!OS.flush())
        throw Error(Path + ": cannot write");
      ++Written;
    }
  }
  return Written;
}

} // namespace sqtt
