/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_REQUEST_H
#define USERMOUNT_REQUEST_H

#include <stdbool.h>
#include "lazymount.h"

bool um_request_propagation_only(struct libmnt_context *cxt,
				 unsigned long mflags);

#endif
