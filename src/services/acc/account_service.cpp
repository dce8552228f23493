#include "services/acc/account_service.h"

#include <cstring>

namespace services::acc {
namespace {

// account (module 124): a null or unknown user id.
constexpr base::Result ResultInvalidUserId{124, 20};
constexpr char kNickname[] = "nxhost";

// A list of users: the default one first, the rest of the client's buffer zero.
base::Result WriteUserList(std::span<u8> out) {
    if (out.size() >= sizeof(Uid)) {
        std::memcpy(out.data(), &kDefaultUser, sizeof(Uid));
    }
    return base::ResultSuccess;
}

ProfileBase DefaultProfile() {
    ProfileBase base{};
    base.uid = kDefaultUser;
    std::memcpy(base.nickname, kNickname, sizeof(kNickname));
    return base;
}

}  // namespace

// The user data (nn::account::profile::UserData, 0x80 bytes: icon and Mii ids) stays zero.
base::Result Profile::Get(ipc::Out<ProfileBase> base, ipc::OutBuffer<ipc::kPointer>) {
    *base = DefaultProfile();
    return base::ResultSuccess;
}

base::Result Profile::GetBase(ipc::Out<ProfileBase> base) {
    *base = DefaultProfile();
    return base::ResultSuccess;
}

base::Result AccountService::GetUserCount(ipc::Out<s32> count) {
    *count = 1;
    return base::ResultSuccess;
}

base::Result AccountService::GetUserExistence(Uid user, ipc::Out<bool> exists) {
    if (user == Uid{}) {
        return ResultInvalidUserId;
    }
    *exists = user == kDefaultUser;
    return base::ResultSuccess;
}

base::Result AccountService::ListAllUsers(ipc::OutBuffer<ipc::kPointer> users) {
    return WriteUserList(users.data);
}

base::Result AccountService::ListOpenUsers(ipc::OutBuffer<ipc::kPointer> users) {
    return WriteUserList(users.data);
}

base::Result AccountService::GetLastOpenedUser(ipc::Out<Uid> user) {
    *user = kDefaultUser;
    return base::ResultSuccess;
}

base::Result AccountService::GetProfile(Uid user, ipc::OutObject profile) {
    if (user != kDefaultUser) {
        return ResultInvalidUserId;
    }
    *profile.object = std::make_shared<Profile>();
    return base::ResultSuccess;
}

base::Result AccountService::IsUserRegistrationRequestPermitted(ipc::ClientProcessId,
                                                                ipc::Out<bool> permitted) {
    *permitted = false;
    return base::ResultSuccess;
}

base::Result AccountService::TrySelectUserWithoutInteraction(bool, ipc::Out<Uid> user) {
    *user = kDefaultUser;
    return base::ResultSuccess;
}

base::Result AccountService::InitializeApplicationInfoV0(ipc::ClientProcessId) {
    return base::ResultSuccess;
}

base::Result AccountService::InitializeApplicationInfo(ipc::ClientProcessId) {
    return base::ResultSuccess;
}

base::Result AccountService::ListQualifiedUsers(ipc::OutBuffer<ipc::kPointer> users) {
    return WriteUserList(users.data);
}

base::Result AccountService::IsUserAccountSwitchLocked(ipc::Out<bool> locked) {
    *locked = false;
    return base::ResultSuccess;
}

}  // namespace services::acc
