// time:u: the clocks and the time zone, from the host.

#include <string.h>

#include "../kernel_tests/check.h"
#include "ipc.h"
#include "svc.h"

typedef struct {
    int16_t year;
    int8_t month, day, hour, minute, second, padding;
} CalendarTime;

static Handle OpenObject(Handle session, uint32_t command) {
    IpcCall call = {.command = command};
    CHECK_RESULT(ipc_call(session, &call), 0);
    return call.handles[0];
}

int main(void) {
    Handle sm = 0;
    CHECK_RESULT(svcConnectToNamedPort(&sm, "sm:"), 0);
    const uint64_t reserved = 0;
    IpcCall hello = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &hello), 0);
    const uint64_t name = ipc_service_name("time:u");
    IpcCall get = {.command = 1, .in = &name, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &get), 0);
    const Handle time = get.handles[0];

    const Handle user_clock = OpenObject(time, 0);
    int64_t now = 0;
    IpcCall current = {.command = 0, .out = &now, .out_size = 8};
    CHECK_RESULT(ipc_call(user_clock, &current), 0);
    CHECK(now > 1700000000);  // after November 2023
    IpcCall set_time = {.command = 1, .in = &now, .in_size = 8};
    CHECK_RESULT(ipc_call(user_clock, &set_time), (116u | (1u << 9)));  // permission denied

    // time:s may set the network clock (an NTP client does); time:u's sessions read it too.
    const uint64_t system_name = ipc_service_name("time:s");
    IpcCall get_system = {.command = 1, .in = &system_name, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &get_system), 0);
    const Handle network_setter = OpenObject(get_system.handles[0], 1);
    const int64_t an_hour_ahead = now + 3600;
    IpcCall set_network = {.command = 1, .in = &an_hour_ahead, .in_size = 8};
    CHECK_RESULT(ipc_call(network_setter, &set_network), 0);
    const Handle network_clock = OpenObject(time, 1);
    int64_t network_now = 0;
    IpcCall read_network = {.command = 0, .out = &network_now, .out_size = 8};
    CHECK_RESULT(ipc_call(network_clock, &read_network), 0);
    CHECK(network_now >= an_hour_ahead && network_now < an_hour_ahead + 60);
    int64_t user_now = 0;
    IpcCall read_user = {.command = 0, .out = &user_now, .out_size = 8};
    CHECK_RESULT(ipc_call(user_clock, &read_user), 0);
    CHECK(user_now < an_hour_ahead - 3000);  // the local clock stays where it was

    const Handle steady = OpenObject(time, 2);
    uint8_t point[0x18];
    IpcCall time_point = {.command = 0, .out = point, .out_size = sizeof(point)};
    CHECK_RESULT(ipc_call(steady, &time_point), 0);
    CHECK(point[8] == 'n' && point[9] == 'x');  // the steady clock's source id

    // The test runs with TZ=UTC: the calendar of a known instant.
    const Handle zone = OpenObject(time, 3);
    const int64_t instant = 1700000000;  // 2023-11-14 22:13:20 UTC
    uint8_t calendar[8 + 0x18];
    IpcCall to_calendar = {.command = 101,
                           .in = &instant,
                           .in_size = 8,
                           .out = calendar,
                           .out_size = sizeof(calendar)};
    CHECK_RESULT(ipc_call(zone, &to_calendar), 0);
    CalendarTime date;
    memcpy(&date, calendar, sizeof(date));
    CHECK(date.year == 2023 && date.month == 11 && date.day == 14);
    CHECK(date.hour == 22 && date.minute == 13 && date.second == 20);
    uint32_t day_of_week;
    memcpy(&day_of_week, calendar + 8, 4);
    CHECK(day_of_week == 2);  // a Tuesday

    svcCloseHandle(zone);
    svcCloseHandle(steady);
    svcCloseHandle(user_clock);
    svcCloseHandle(time);
    svcCloseHandle(sm);
    return check_summary("time");
}
