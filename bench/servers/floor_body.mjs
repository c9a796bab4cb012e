// What every floor target answers: the body of Pantheon's floor route, GET /api/v1/catalog/sample
// (the JSON string "Catalog module is running"), so the targets differ only in how they get there.
export const FLOOR_BODY = JSON.stringify('Catalog module is running')
