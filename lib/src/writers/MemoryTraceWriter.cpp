// MemoryTraceWriter.cpp - per-lane address traces as JSON, and a summary.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/TraceWriters.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

namespace sqtt {

namespace {

bool narrowAddresses(AddressKind K) {
  return K == AddressKind::LdsLoad || K == AddressKind::LdsStore || K == AddressKind::LdsAtomic ||
         K == AddressKind::DsPermute || K == AddressKind::DsBpermute;
}

std::string hex(uint64_t V, int Digits) {
  char Buf[24];
  std::snprintf(Buf, sizeof Buf, "0x%0*llx", Digits, (unsigned long long)V);
  return Buf;
}

} // namespace

void writeMemoryTraceJson(std::ostream &OS, const std::vector<AddressTrace> &Traces,
                          const NameTable &Names) {
  if (Traces.empty()) {
    OS << "[]\n";
    return;
  }
  OS << "[\n";
  for (size_t I = 0; I < Traces.size(); ++I) {
    const AddressTrace &T = Traces[I];
    int Digits = narrowAddresses(T.Kind) ? 8 : 16;
    OS << "  {\n    \"kind\": \"" << addressKindName(T.Kind) << "\",\n    \"marker_id\": " << T.MarkerID
       << ",\n    \"time\": " << T.Time << ",\n    \"shader_engine\": " << int(T.SE)
       << ",\n    \"cu\": " << int(T.CU) << ",\n    \"simd\": " << int(T.SIMD)
       << ",\n    \"wave\": " << int(T.Wave) << ",\n    \"exec_mask\": \"" << hex(T.Exec, 16)
       << "\",\n    \"active_lanes\": " << T.Addresses.size() << ",\n    \"addresses\": [";
    for (size_t A = 0; A < T.Addresses.size(); ++A)
      OS << (A ? ",\n      \"" : "\n      \"") << hex(T.Addresses[A], Digits) << '"';
    OS << (T.Addresses.empty() ? "]" : "\n    ]");
    const std::string &Loc = Names.str(T.SourceLoc);
    if (!Loc.empty()) {
      OS << ",\n    \"source\": ";
      writeJsonString(OS, Loc);
    }
    OS << "\n  }" << (I + 1 < Traces.size() ? ",\n" : "\n");
  }
  OS << "]\n";
}

void writeMemoryTraceSummary(std::ostream &OS, const std::vector<AddressTrace> &Traces,
                             const NameTable &Names) {
  if (Traces.empty()) {
    OS << "No address traces found.\n";
    return;
  }
  uint64_t Addresses = 0;
  std::set<int> SEs, CUs, SIMDs;
  std::map<std::string, uint64_t> PerKind;
  for (const AddressTrace &T : Traces) {
    Addresses += T.Addresses.size();
    SEs.insert(T.SE);
    CUs.insert(T.CU);
    SIMDs.insert(T.SIMD);
    ++PerKind[addressKindName(T.Kind)];
  }
  auto List = [](const std::set<int> &S) {
    std::string Out = "[";
    for (int V : S)
      Out += (Out.size() > 1 ? ", " : "") + std::to_string(V);
    return Out + "]";
  };
  OS << "Address trace summary:\n  operations: " << Traces.size() << "\n  addresses:  " << Addresses
     << "\n  shader engines: " << List(SEs) << "\n  CUs: " << List(CUs) << "\n  SIMDs: " << List(SIMDs)
     << "\n";
  for (auto &[Kind, N] : PerKind)
    OS << "  " << Kind << ": " << N << "\n";
  // Source -> marker -> wave slot -> traces.
  std::map<std::string, std::map<uint32_t, std::map<std::tuple<int, int, int, int>, std::vector<const AddressTrace *>>>> Tree;
  for (const AddressTrace &T : Traces) {
    std::string Key = Names.str(T.SourceLoc);
    if (Key.empty())
      Key = "marker#" + std::to_string(T.MarkerID);
    Tree[Key][T.MarkerID][{T.SE, T.CU, T.SIMD, T.Wave}].push_back(&T);
  }
  for (auto &[Source, Markers] : Tree) {
    OS << "\n" << Source << "\n";
    for (auto &[Marker, Waves] : Markers) {
      const AddressTrace *First = Waves.begin()->second.front();
      int Digits = narrowAddresses(First->Kind) ? 8 : 16;
      OS << "  marker " << Marker << " (" << addressKindName(First->Kind) << ")\n";
      for (auto &[Slot, List] : Waves) {
        OS << "    SE" << std::get<0>(Slot) << "/CU" << std::get<1>(Slot) << "/SIMD" << std::get<2>(Slot)
           << "/W" << std::get<3>(Slot) << "\n";
        for (const AddressTrace *T : List) {
          OS << "      t=" << T->Time << " ";
          if (T->Addresses.empty()) {
            OS << "(no addresses)\n";
            continue;
          }
          OS << "lanes=" << T->Addresses.size() << " range=[" << hex(T->Addresses.front(), Digits) << ".."
             << hex(T->Addresses.back(), Digits) << "] deltas=";
          if (T->Addresses.size() < 2) {
            OS << "-\n";
            continue;
          }
          std::set<int64_t> Deltas;
          for (size_t I = 1; I < T->Addresses.size(); ++I)
            Deltas.insert(int64_t(T->Addresses[I] - T->Addresses[I - 1]));
          OS << "[";
          bool FirstD = true;
          for (int64_t D : Deltas) {
            OS << (FirstD ? "" : ", ") << D;
            FirstD = false;
          }
          OS << "]\n";
        }
      }
    }
  }
}

} // namespace sqtt
