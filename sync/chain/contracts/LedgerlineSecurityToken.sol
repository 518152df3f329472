// SPDX-License-Identifier: MIT
// The Ledgerline security token (docs/CHAIN.md): an ERC-20 whose balances are the cap table of one round's token.
// Transfer restrictions: only allowlisted investor addresses may hold or receive it; the issuer may pause every
// transfer; a transfer controller may force a transfer (clawback, escheatment, reassignment on death) and burn the
// units a corporate action takes away (a reverse split's rounding, a redemption, a conversion), as a transfer agent
// must. Built on OpenZeppelin Contracts 5 (ERC20, Pausable, AccessControl); compiled by sync/chain/contracts/build.ts
// into LedgerlineSecurityToken.json (committed; nothing compiles at run time).
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

contract LedgerlineSecurityToken is ERC20, Pausable, AccessControl {
    /// Mints (issues holdings) and manages the allowlist.
    bytes32 public constant ISSUER_ROLE = keccak256("ISSUER_ROLE");
    /// Forces transfers between any two addresses (the transfer agent).
    bytes32 public constant TRANSFER_CONTROLLER_ROLE = keccak256("TRANSFER_CONTROLLER_ROLE");
    /// Pauses and unpauses every transfer and mint.
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");

    uint8 private immutable _decimals;
    mapping(address account => bool) private _allowed;
    bool private _forcing;

    event AllowlistChanged(address indexed account, bool allowed);
    event ForcedTransfer(address indexed controller, address indexed from, address indexed to, uint256 amount);

    error NotAllowlisted(address account);
    error BatchLengthMismatch(uint256 accounts, uint256 amounts);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address admin) ERC20(name_, symbol_) {
        _decimals = decimals_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(ISSUER_ROLE, admin);
        _grantRole(TRANSFER_CONTROLLER_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function isAllowed(address account) public view returns (bool) {
        return _allowed[account];
    }

    function setAllowed(address account, bool allowed) external onlyRole(ISSUER_ROLE) {
        _allowed[account] = allowed;
        emit AllowlistChanged(account, allowed);
    }

    /// Issues `amount` to `to`, allowlisting it first when it is not yet (one transaction per holding).
    function issue(address to, uint256 amount) external onlyRole(ISSUER_ROLE) {
        if (!_allowed[to]) {
            _allowed[to] = true;
            emit AllowlistChanged(to, true);
        }
        _mint(to, amount);
    }

    /// Issues many holdings in one transaction (all or none): `amounts[i]` to `to[i]`, allowlisting as `issue` does.
    function issueBatch(address[] calldata to, uint256[] calldata amounts) external onlyRole(ISSUER_ROLE) {
        if (to.length != amounts.length) revert BatchLengthMismatch(to.length, amounts.length);
        for (uint256 i = 0; i < to.length; i++) {
            address account = to[i];
            if (!_allowed[account]) {
                _allowed[account] = true;
                emit AllowlistChanged(account, true);
            }
            _mint(account, amounts[i]);
        }
    }

    function mint(address to, uint256 amount) external onlyRole(ISSUER_ROLE) {
        _mint(to, amount);
    }

    function burn(address from, uint256 amount) external onlyRole(ISSUER_ROLE) {
        _burn(from, amount);
    }

    /// The transfer agent's forced transfer: bypasses the allowlist and the pause, never the balance.
    function forceTransfer(address from, address to, uint256 amount) external onlyRole(TRANSFER_CONTROLLER_ROLE) {
        _forcing = true;
        _transfer(from, to, amount);
        _forcing = false;
        emit ForcedTransfer(_msgSender(), from, to, amount);
    }

    /// The transfer agent's forced burn (a reverse split's rounding, units bought back or converted away): bypasses
    /// the allowlist and the pause, never the balance.
    function forceBurn(address from, uint256 amount) external onlyRole(TRANSFER_CONTROLLER_ROLE) {
        _forcing = true;
        _burn(from, amount);
        _forcing = false;
        emit ForcedTransfer(_msgSender(), from, address(0), amount);
    }

    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    function _update(address from, address to, uint256 value) internal override {
        if (!_forcing) {
            _requireNotPaused();
            if (from != address(0) && !_allowed[from]) revert NotAllowlisted(from);
            if (to != address(0) && !_allowed[to]) revert NotAllowlisted(to);
        }
        super._update(from, to, value);
    }
}
