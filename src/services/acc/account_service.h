#pragma once

#include "ipc/service_object.h"

namespace services::acc {

// nn::account::Uid: two u64 words; all zero is no user.
struct Uid {
    u64 words[2];
    bool operator==(const Uid&) const = default;
};

// nn::account::profile::ProfileBase (libnx's AccountProfileBase, 0x38 bytes).
struct ProfileBase {
    Uid uid;
    u64 last_edit_timestamp;
    char nickname[0x20];
};
static_assert(sizeof(ProfileBase) == 0x38);

// The one user nxhost has: preselected, as when a game starts with a chosen user.
inline constexpr Uid kDefaultUser{{0x6e78686f73740001, 0x0000000000000001}};

// nn::account::profile::IProfile of the default user. Command ids from the public homebrew
// documentation (switchbrew "Account services").
class Profile final : public ipc::Interface<Profile> {
public:
    static constexpr auto kName = "nn::account::profile::IProfile";

    base::Result Get(ipc::Out<ProfileBase> base, ipc::OutBuffer<ipc::kPointer> user_data);
    base::Result GetBase(ipc::Out<ProfileBase> base);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, Profile::Get),
        NX_COMMAND(1, Profile::GetBase),
    };
};

// acc:u0 (nn::account::IAccountServiceForApplication): one user, open and last opened.
class AccountService final : public ipc::Interface<AccountService> {
public:
    static constexpr auto kName = "acc:u0";

    base::Result GetUserCount(ipc::Out<s32> count);
    base::Result GetUserExistence(Uid user, ipc::Out<bool> exists);
    base::Result ListAllUsers(ipc::OutBuffer<ipc::kPointer> users);
    base::Result ListOpenUsers(ipc::OutBuffer<ipc::kPointer> users);
    base::Result GetLastOpenedUser(ipc::Out<Uid> user);
    base::Result GetProfile(Uid user, ipc::OutObject profile);
    base::Result IsUserRegistrationRequestPermitted(ipc::ClientProcessId pid,
                                                    ipc::Out<bool> permitted);
    base::Result TrySelectUserWithoutInteraction(bool is_network_service_account_required,
                                                 ipc::Out<Uid> user);
    base::Result InitializeApplicationInfoV0(ipc::ClientProcessId pid);
    base::Result InitializeApplicationInfo(ipc::ClientProcessId pid);
    base::Result ListQualifiedUsers(ipc::OutBuffer<ipc::kPointer> users);
    base::Result IsUserAccountSwitchLocked(ipc::Out<bool> locked);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, AccountService::GetUserCount),
        NX_COMMAND(1, AccountService::GetUserExistence),
        NX_COMMAND(2, AccountService::ListAllUsers),
        NX_COMMAND(3, AccountService::ListOpenUsers),
        NX_COMMAND(4, AccountService::GetLastOpenedUser),
        NX_COMMAND(5, AccountService::GetProfile),
        NX_COMMAND(50, AccountService::IsUserRegistrationRequestPermitted),
        NX_COMMAND(51, AccountService::TrySelectUserWithoutInteraction),
        NX_COMMAND(100, AccountService::InitializeApplicationInfoV0),
        NX_COMMAND(140, AccountService::InitializeApplicationInfo),
        NX_COMMAND(141, AccountService::ListQualifiedUsers),
        NX_COMMAND(150, AccountService::IsUserAccountSwitchLocked),
    };
};

}  // namespace services::acc
