// Paid plans: plans an owner sells, the memberships members hold, and what holding one gives at checkout.
export {};
