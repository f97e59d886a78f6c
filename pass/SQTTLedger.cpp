//===- SQTTLedger.cpp - Marker IDs and what they name ---------------------===//
//
// !sqtt.markers.early rows are {i32 ID, i32 Kind, !"Name", i32 PreOptSize,
// !"SourceLoc", i32 ExtraPayloadCount}, the layout existing builds of the
// reference plugin write, so a module produced by either can be finished by
// either. A numeric marker's row (D24) adds i32 1: the ID is fixed. An
// address trace's adds i32 Fixed, i32 AccessBytes, !"Base".
//
//===----------------------------------------------------------------------===//

#include "SQTTLedger.h"
#include "SQTTMetadataNames.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;
using namespace sqtt;


std::string MarkerLedger::namedKey(bool IsPoint, StringRef Name,
                                   unsigned PayloadCount) {
  return (Twine(IsPoint ? "P:" : "U:") + Twine(PayloadCount) + ":" + Name)
      .str();
}

uint32_t MarkerLedger::takeNextID() {
  while (isFixed(NextEventID))
    ++NextEventID;
  return NextEventID++;
}

bool MarkerLedger::isFixed(uint32_t ID) const { return FixedIDs.contains(ID); }

void MarkerLedger::addNumeric(uint32_t ID, bool IsPoint) {
  if (ID == 0 || isFixed(ID))
    return;
  MarkerRecord R;
  R.ID = ID;
  R.Kind = IsPoint ? MarkerKind::Point : MarkerKind::User;
  R.Name = std::to_string(ID);
  R.Fixed = true;
  Records.push_back(std::move(R));
  FixedIDs.insert(ID);
}

uint32_t MarkerLedger::getOrAddNamedMarker(bool IsPoint, StringRef Name,
                                           unsigned PayloadCount) {
  auto [It, Inserted] =
      NamedIDs.try_emplace(namedKey(IsPoint, Name, PayloadCount), 0);
  if (!Inserted)
    return It->second;
  It->second = takeNextID();
  MarkerRecord R;
  R.ID = It->second;
  R.Kind = IsPoint ? MarkerKind::Point : MarkerKind::User;
  R.Name = Name.str();
  R.ExtraPayloadCount = PayloadCount;
  Records.push_back(std::move(R));
  return It->second;
}

uint32_t MarkerLedger::addTraced(MarkerKind Kind, StringRef Name,
                                 StringRef Loc, unsigned PreOptSize,
                                 unsigned ExtraPayloadCount) {
  MarkerRecord R;
  R.ID = takeNextID();
  R.Kind = Kind;
  R.Name = Name.str();
  R.SourceLoc = Loc.str();
  R.PreOptSize = PreOptSize;
  R.ExtraPayloadCount = ExtraPayloadCount;
  Records.push_back(std::move(R));
  return Records.back().ID;
}

uint32_t MarkerLedger::addFunction(StringRef Name, StringRef Loc,
                                   unsigned PreOptSize) {
  return addTraced(MarkerKind::Function, Name, Loc, PreOptSize, 0);
}

void MarkerLedger::addKernel(StringRef Name, StringRef Loc) {
  MarkerRecord R;
  R.Kind = MarkerKind::Kernel;
  R.Name = Name.str();
  R.SourceLoc = Loc.str();
  Records.push_back(std::move(R));
}

uint32_t MarkerLedger::addSystemPoint(StringRef Name) {
  return addTraced(MarkerKind::SystemPoint, Name, "", 0, 0);
}

uint32_t MarkerLedger::addAddressPoint(StringRef Name, StringRef Loc,
                                       unsigned ExtraPayloadCount, unsigned AccessBytes,
                                       StringRef Base) {
  uint32_t ID = addTraced(MarkerKind::AddressPoint, Name, Loc, 0, ExtraPayloadCount);
  Records.back().AccessBytes = AccessBytes;
  Records.back().Base = Base.str();
  return ID;
}

const MarkerRecord *MarkerLedger::find(uint32_t ID) const {
  for (const MarkerRecord &R : Records)
    if (R.Kind != MarkerKind::Kernel && R.ID == ID)
      return &R;
  return nullptr;
}

void MarkerLedger::renumber(
    llvm::function_ref<std::optional<uint32_t>(const MarkerRecord &)> NewIDOf) {
  std::vector<MarkerRecord> Kept;
  Kept.reserve(Records.size());
  for (MarkerRecord &R : Records) {
    if (R.Kind != MarkerKind::Kernel) {
      std::optional<uint32_t> ID = NewIDOf(R);
      if (!ID)
        continue;
      R.ID = *ID;
    }
    Kept.push_back(std::move(R));
  }
  Records = std::move(Kept);
  rebuildIndex();
}

void MarkerLedger::setFunctionLocation(uint32_t ID, StringRef Loc) {
  for (MarkerRecord &R : Records)
    if (R.Kind == MarkerKind::Function && R.ID == ID)
      R.SourceLoc = Loc.str();
}

MarkerLedger MarkerLedger::fromRecords(std::vector<MarkerRecord> Records) {
  MarkerLedger L;
  L.Records = std::move(Records);
  for (MarkerRecord &R : L.Records)
    if (R.Kind == MarkerKind::Kernel)
      R.ID = 0;
  L.rebuildIndex();
  return L;
}

void MarkerLedger::rebuildIndex() {
  NamedIDs.clear();
  FixedIDs.clear();
  uint32_t MaxID = 0;
  for (const MarkerRecord &R : Records) {
    if (R.Fixed)
      FixedIDs.insert(R.ID);
    else
      MaxID = std::max(MaxID, R.ID);
    if (!R.Fixed && (R.Kind == MarkerKind::User || R.Kind == MarkerKind::Point))
      NamedIDs[namedKey(R.Kind == MarkerKind::Point, R.Name,
                        R.ExtraPayloadCount)] = R.ID;
  }
  NextEventID = MaxID + 1;
}

static MDNode *recordRow(LLVMContext &Ctx, const MarkerRecord &R) {
  Type *I32 = Type::getInt32Ty(Ctx);
  auto Int = [&](uint64_t V) {
    return ConstantAsMetadata::get(ConstantInt::get(I32, V));
  };
  Metadata *Ops[] = {Int(R.ID),
                     Int(static_cast<unsigned>(R.Kind)),
                     MDString::get(Ctx, R.Name),
                     Int(R.PreOptSize),
                     MDString::get(Ctx, R.SourceLoc),
                     Int(R.ExtraPayloadCount),
                     Int(R.Fixed ? 1 : 0),
                     Int(R.AccessBytes),
                     MDString::get(Ctx, R.Base)};
  bool Access = R.AccessBytes != 0 || !R.Base.empty();
  return MDNode::get(Ctx, ArrayRef<Metadata *>(Ops).take_front(Access ? 9 : R.Fixed ? 7 : 6));
}

static std::optional<uint64_t> mdInt(const MDOperand &Op) {
  if (auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op))
    return C->getZExtValue();
  return std::nullopt;
}

static std::optional<MarkerRecord> rowRecord(const MDNode *Row) {
  if (!Row || Row->getNumOperands() < 6)
    return std::nullopt;
  auto ID = mdInt(Row->getOperand(0));
  auto Kind = mdInt(Row->getOperand(1));
  auto *Name = dyn_cast_or_null<MDString>(Row->getOperand(2));
  auto Size = mdInt(Row->getOperand(3));
  auto *Loc = dyn_cast_or_null<MDString>(Row->getOperand(4));
  auto Payload = mdInt(Row->getOperand(5));
  if (!ID || !Kind || !Name || !Size || !Loc || !Payload ||
      *Kind > static_cast<unsigned>(sqtt_marker_kind::last_kind))
    return std::nullopt;
  MarkerRecord R;
  R.ID = static_cast<uint32_t>(*ID);
  R.Kind = static_cast<MarkerKind>(*Kind);
  R.Name = Name->getString().str();
  R.PreOptSize = static_cast<unsigned>(*Size);
  R.SourceLoc = Loc->getString().str();
  R.ExtraPayloadCount = static_cast<unsigned>(*Payload);
  if (Row->getNumOperands() > 6)
    R.Fixed = mdInt(Row->getOperand(6)).value_or(0) == 1;
  if (Row->getNumOperands() > 8) {
    R.AccessBytes = static_cast<unsigned>(mdInt(Row->getOperand(7)).value_or(0));
    if (auto *Base = dyn_cast_or_null<MDString>(Row->getOperand(8)))
      R.Base = Base->getString().str();
  }
  // Only kernels are listed without an ID.
  if ((R.ID == 0) != (R.Kind == MarkerKind::Kernel))
    return std::nullopt;
  return R;
}

void MarkerLedger::writeEarlyMetadata(Module &M) const {
  NamedMDNode *Ledger = M.getOrInsertNamedMetadata(md::EarlyLedger);
  for (const MarkerRecord &R : Records)
    if (R.Kind != MarkerKind::Kernel) // Late lists the kernels that survive.
      Ledger->addOperand(recordRow(M.getContext(), R));
}

MarkerLedger MarkerLedger::takeEarlyMetadata(Module &M) {
  MarkerLedger L;
  NamedMDNode *Ledger = M.getNamedMetadata(md::EarlyLedger);
  if (!Ledger)
    return L;
  for (MDNode *Row : Ledger->operands()) {
    std::optional<MarkerRecord> R = rowRecord(Row);
    if (R && (R->Kind == MarkerKind::Function || R->Kind == MarkerKind::User ||
              R->Kind == MarkerKind::Point))
      L.Records.push_back(std::move(*R));
  }
  M.eraseNamedMetadata(Ledger);
  L.rebuildIndex();
  return L;
}

MDNode *MarkerLedger::toMetadata(LLVMContext &Ctx) const {
  SmallVector<Metadata *, 16> Rows;
  for (const MarkerRecord &R : Records)
    Rows.push_back(recordRow(Ctx, R));
  return MDNode::get(Ctx, Rows);
}

MarkerLedger MarkerLedger::fromMetadata(const MDNode &Node) {
  MarkerLedger L;
  for (const MDOperand &Op : Node.operands())
    if (std::optional<MarkerRecord> R = rowRecord(dyn_cast_or_null<MDNode>(Op.get())))
      L.Records.push_back(std::move(*R));
  L.rebuildIndex();
  return L;
}
